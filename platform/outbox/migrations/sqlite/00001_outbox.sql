-- +goose Up
CREATE TABLE outbox_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    topic      TEXT     NOT NULL,
    payload    TEXT     NOT NULL,
    created_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE outbox_events;
