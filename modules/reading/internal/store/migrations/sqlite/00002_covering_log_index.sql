-- +goose Up
-- Loading a reader's log (every projection recompute) reads the rows in this
-- order. With every column it needs in the index, SQLite walks the index
-- alone: no lookup into the table per entry and no sort.
CREATE INDEX log_entries_user_log ON log_entries
    (user_id, date, start_verse_id, id, end_verse_id, created_at, updated_at);
DROP INDEX log_entries_user_date;

-- +goose Down
CREATE INDEX log_entries_user_date ON log_entries (user_id, date, start_verse_id);
DROP INDEX log_entries_user_log;
