-- +goose Up
CREATE TABLE mail_messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address      TEXT     NOT NULL,
    subject         TEXT     NOT NULL,
    text_body       TEXT     NOT NULL,
    html_body       TEXT     NOT NULL DEFAULT '',
    headers         TEXT     NOT NULL DEFAULT '{}',
    status          TEXT     NOT NULL DEFAULT 'pending',
    attempts        INTEGER  NOT NULL DEFAULT 0,
    next_attempt_at DATETIME NOT NULL,
    last_error      TEXT     NOT NULL DEFAULT '',
    created_at      DATETIME NOT NULL,
    sent_at         DATETIME
);
CREATE INDEX mail_messages_due ON mail_messages (status, next_attempt_at);
CREATE INDEX mail_messages_to ON mail_messages (to_address);

-- +goose Down
DROP TABLE mail_messages;
