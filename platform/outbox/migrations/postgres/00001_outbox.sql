-- +goose Up
CREATE TABLE outbox_events (
    id         BIGSERIAL PRIMARY KEY,
    topic      TEXT        NOT NULL,
    payload    TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE outbox_events;
