-- +goose Up
CREATE TABLE feedback (
    id         TEXT        PRIMARY KEY,
    kind       TEXT        NOT NULL,
    message    TEXT        NOT NULL,
    -- Where replies go: the account's address when sent signed in.
    email      TEXT        NOT NULL,
    page       TEXT        NOT NULL DEFAULT '',
    locale     TEXT        NOT NULL,
    status     TEXT        NOT NULL,
    -- The sender's account, NULL when sent signed out.
    user_id    TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    replied_at TIMESTAMPTZ
);
CREATE INDEX feedback_status_created ON feedback (status, created_at DESC, id DESC);
CREATE INDEX feedback_user ON feedback (user_id) WHERE user_id IS NOT NULL;

-- +goose Down
DROP TABLE feedback;
