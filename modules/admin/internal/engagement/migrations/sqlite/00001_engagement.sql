-- +goose Up
-- The engagement projection: per-reader facts recomputed from the source
-- of truth (accounts, reading days, note days) or recorded from events
-- that have no other record here (reminders, deletions). The report is
-- computed from them and cached; nothing here is a running total.
CREATE TABLE engagement_accounts (
    user_id     TEXT PRIMARY KEY,
    signup_date TEXT NOT NULL
);
CREATE INDEX engagement_accounts_signup ON engagement_accounts (signup_date);

CREATE TABLE engagement_reading_days (
    user_id  TEXT    NOT NULL,
    day      TEXT    NOT NULL,
    goal_met BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, day)
);
CREATE INDEX engagement_reading_days_day ON engagement_reading_days (day, user_id);

CREATE TABLE engagement_note_days (
    user_id TEXT    NOT NULL,
    day     TEXT    NOT NULL,
    notes   INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);
CREATE INDEX engagement_note_days_day ON engagement_note_days (day);

CREATE TABLE engagement_reminder_days (
    user_id TEXT    NOT NULL,
    day     TEXT    NOT NULL,
    sent    BOOLEAN NOT NULL,
    opened  BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, day)
);
CREATE INDEX engagement_reminder_days_day ON engagement_reminder_days (day);

-- One row per deleted account, keyed by a hash of its id so a redelivered
-- event counts once; nothing else of the reader is kept.
CREATE TABLE engagement_deletions (
    id  TEXT PRIMARY KEY,
    day TEXT NOT NULL
);
CREATE INDEX engagement_deletions_day ON engagement_deletions (day);

-- The version of the facts above, raised by every write: a cached report
-- is served while it was computed at the current version.
CREATE TABLE engagement_version (
    id      INTEGER PRIMARY KEY,
    version BIGINT  NOT NULL
);
INSERT INTO engagement_version (id, version) VALUES (1, 0);

-- +goose Down
DROP TABLE engagement_version;
DROP TABLE engagement_deletions;
DROP TABLE engagement_reminder_days;
DROP TABLE engagement_note_days;
DROP TABLE engagement_reading_days;
DROP TABLE engagement_accounts;
