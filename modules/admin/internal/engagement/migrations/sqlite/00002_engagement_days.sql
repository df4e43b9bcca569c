-- +goose Up
-- Per-day aggregates of the facts, kept by the writes that change a fact
-- (the difference of the reader's contributions before and after, in the
-- same transaction), so a report reads one row per day.
CREATE TABLE engagement_days (
    day                TEXT    PRIMARY KEY,
    active             INTEGER NOT NULL,
    goal_met           INTEGER NOT NULL,
    weekly             INTEGER NOT NULL,
    monthly            INTEGER NOT NULL,
    new_accounts       INTEGER NOT NULL,
    deleted            INTEGER NOT NULL,
    notes              INTEGER NOT NULL,
    reminders_sent     INTEGER NOT NULL,
    reminders_followed INTEGER NOT NULL,
    -- Readers who signed up on the day, and those of them who read 1, 7
    -- and 30 days later (the cohorts are weeks of these).
    cohort_size        INTEGER NOT NULL,
    retained1          INTEGER NOT NULL,
    retained7          INTEGER NOT NULL,
    retained30         INTEGER NOT NULL
);

-- One row per reader, keyed by a hash of the id: its row lock gives the
-- reader's writes their turns, seq counts them, and deleted_on keeps a
-- deletion (the reader's other facts go with the account).
CREATE TABLE engagement_readers (
    id         TEXT   PRIMARY KEY,
    seq        BIGINT NOT NULL,
    deleted_on TEXT
);
INSERT INTO engagement_readers (id, seq, deleted_on) SELECT id, 0, day FROM engagement_deletions;
DROP TABLE engagement_deletions;
DROP TABLE engagement_version;

-- The full rebuild's checkpoint: while running, the readers up to through
-- (in id order) are rebuilt. recount asks for the days to be counted
-- again from the facts (after a rebuild, and once after this migration).
CREATE TABLE engagement_rebuild (
    id      INTEGER PRIMARY KEY,
    running BOOLEAN NOT NULL,
    through TEXT    NOT NULL,
    recount BOOLEAN NOT NULL
);
INSERT INTO engagement_rebuild (id, running, through, recount) VALUES (1, FALSE, '', TRUE);

-- +goose Down
DROP TABLE engagement_rebuild;
CREATE TABLE engagement_version (
    id      INTEGER PRIMARY KEY,
    version BIGINT  NOT NULL
);
INSERT INTO engagement_version (id, version) VALUES (1, 0);
CREATE TABLE engagement_deletions (
    id  TEXT PRIMARY KEY,
    day TEXT NOT NULL
);
CREATE INDEX engagement_deletions_day ON engagement_deletions (day);
INSERT INTO engagement_deletions (id, day) SELECT id, deleted_on FROM engagement_readers WHERE deleted_on IS NOT NULL;
DROP TABLE engagement_readers;
DROP TABLE engagement_days;
