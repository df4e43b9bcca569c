-- +goose Up
CREATE TABLE log_entries (
    id             TEXT     PRIMARY KEY,
    user_id        TEXT     NOT NULL,
    date           TEXT     NOT NULL,
    start_verse_id INTEGER  NOT NULL,
    end_verse_id   INTEGER  NOT NULL,
    version        INTEGER  NOT NULL,
    created_at     DATETIME NOT NULL,
    updated_at     DATETIME NOT NULL
);
CREATE INDEX log_entries_user_date ON log_entries (user_id, date, start_verse_id);
CREATE INDEX log_entries_user_version ON log_entries (user_id, version);

-- One row per reader: the log version grows with every write.
CREATE TABLE log_versions (
    user_id TEXT    PRIMARY KEY,
    version INTEGER NOT NULL
);

-- Deleted entries, so clients keeping a copy learn what to remove.
CREATE TABLE log_entry_tombstones (
    user_id  TEXT    NOT NULL,
    entry_id TEXT    NOT NULL,
    version  INTEGER NOT NULL,
    PRIMARY KEY (user_id, entry_id)
);
CREATE INDEX log_entry_tombstones_user_version ON log_entry_tombstones (user_id, version);

-- +goose Down
DROP TABLE log_entry_tombstones;
DROP TABLE log_versions;
DROP TABLE log_entries;
