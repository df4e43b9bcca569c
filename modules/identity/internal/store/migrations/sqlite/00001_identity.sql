-- +goose Up
CREATE TABLE identity_users (
    id             TEXT PRIMARY KEY,
    email          TEXT        NOT NULL UNIQUE,
    password_hash  TEXT        NOT NULL DEFAULT '',
    email_verified BOOLEAN     NOT NULL DEFAULT 0,
    is_admin       BOOLEAN     NOT NULL DEFAULT 0,
    locale         TEXT        NOT NULL,
    time_zone      TEXT        NOT NULL,
    google_subject TEXT UNIQUE,
    created_at     DATETIME    NOT NULL,
    updated_at     DATETIME    NOT NULL,
    last_seen_at   DATETIME
);

CREATE TABLE identity_sessions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT        NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
    token_hash   TEXT        NOT NULL UNIQUE,
    device       TEXT        NOT NULL,
    created_at   DATETIME    NOT NULL,
    last_used_at DATETIME    NOT NULL,
    expires_at   DATETIME    NOT NULL
);
CREATE INDEX identity_sessions_user ON identity_sessions (user_id);
CREATE INDEX identity_sessions_expiry ON identity_sessions (expires_at);

CREATE TABLE identity_email_verifications (
    user_id    TEXT PRIMARY KEY REFERENCES identity_users (id) ON DELETE CASCADE,
    code_hash  TEXT        NOT NULL,
    link_hash  TEXT        NOT NULL UNIQUE,
    attempts   INTEGER     NOT NULL DEFAULT 0,
    sent_at    DATETIME    NOT NULL,
    expires_at DATETIME    NOT NULL
);

CREATE TABLE identity_email_changes (
    user_id    TEXT PRIMARY KEY REFERENCES identity_users (id) ON DELETE CASCADE,
    new_email  TEXT        NOT NULL,
    code_hash  TEXT        NOT NULL,
    attempts   INTEGER     NOT NULL DEFAULT 0,
    sent_at    DATETIME    NOT NULL,
    expires_at DATETIME    NOT NULL
);

CREATE TABLE identity_password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT        NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
    created_at DATETIME    NOT NULL,
    expires_at DATETIME    NOT NULL
);
CREATE INDEX identity_password_resets_user ON identity_password_resets (user_id);

-- +goose Down
DROP TABLE identity_password_resets;
DROP TABLE identity_email_changes;
DROP TABLE identity_email_verifications;
DROP TABLE identity_sessions;
DROP TABLE identity_users;
