-- +goose Up
-- Loading a reader's log (every projection recompute) reads the rows in this
-- order; with the other columns included, an index-only scan serves it.
CREATE INDEX log_entries_user_log ON log_entries (user_id, date, start_verse_id, id)
    INCLUDE (end_verse_id, created_at, updated_at);
DROP INDEX log_entries_user_date;

-- +goose Down
CREATE INDEX log_entries_user_date ON log_entries (user_id, date, start_verse_id);
DROP INDEX log_entries_user_log;
