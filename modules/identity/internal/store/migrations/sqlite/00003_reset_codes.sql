-- +goose Up
-- The code mailed with a reset link: one per account, the newest request's.
CREATE TABLE identity_reset_codes (
    user_id    TEXT     PRIMARY KEY REFERENCES identity_users (id) ON DELETE CASCADE,
    code_hash  TEXT     NOT NULL,
    attempts   INTEGER  NOT NULL DEFAULT 0,
    sent_at    DATETIME NOT NULL,
    expires_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE identity_reset_codes;
