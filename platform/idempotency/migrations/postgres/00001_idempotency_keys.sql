-- +goose Up
-- One row per key a caller used on a route: claimed (status 0) while the
-- first request runs, then holding its answer until expires_at.
CREATE TABLE idempotency_keys (
    scope           TEXT        NOT NULL,
    route           TEXT        NOT NULL,
    idempotency_key TEXT        NOT NULL,
    request_hash    TEXT        NOT NULL,
    status          INTEGER     NOT NULL DEFAULT 0,
    headers         TEXT        NOT NULL DEFAULT '',
    body            BYTEA,
    expires_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (scope, route, idempotency_key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);

-- +goose Down
DROP TABLE idempotency_keys;
