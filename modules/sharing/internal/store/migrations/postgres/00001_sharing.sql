-- +goose Up
-- A reader's secret links: at most one of each kind. Only the token's
-- SHA-256 is kept, so a database leak does not open anyone's feed.
CREATE TABLE sharing_links (
    user_id    TEXT     NOT NULL,
    kind       TEXT     NOT NULL,
    token_hash TEXT     NOT NULL UNIQUE,
    read_next  BOOLEAN  NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- +goose Down
DROP TABLE sharing_links;
