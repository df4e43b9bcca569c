-- +goose Up
-- A trigram index of the folded note text (FTS5), so a search reads the
-- index instead of every note of the reader. The index holds its own copy
-- of the text under a number of its own (search_id), kept in passage_notes:
-- a rowid of a table with a text key may change on VACUUM (and VACUUM INTO,
-- the backup), a column does not. Triggers keep it current, so every
-- writer (the app, an import) keeps it without knowing.
ALTER TABLE passage_notes ADD COLUMN search_id INTEGER;
UPDATE passage_notes SET search_id = rowid;
CREATE INDEX passage_notes_search_id ON passage_notes (search_id);
CREATE VIRTUAL TABLE passage_notes_search USING fts5(search_text, tokenize = 'trigram');
INSERT INTO passage_notes_search (rowid, search_text) SELECT search_id, search_text FROM passage_notes;

-- +goose StatementBegin
CREATE TRIGGER passage_notes_search_insert AFTER INSERT ON passage_notes BEGIN
    UPDATE passage_notes SET search_id = (SELECT COALESCE(MAX(search_id), 0) + 1 FROM passage_notes) WHERE id = new.id;
    INSERT INTO passage_notes_search (rowid, search_text)
        SELECT search_id, new.search_text FROM passage_notes WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER passage_notes_search_update AFTER UPDATE OF search_text ON passage_notes BEGIN
    UPDATE passage_notes_search SET search_text = new.search_text WHERE rowid = new.search_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER passage_notes_search_delete AFTER DELETE ON passage_notes BEGIN
    DELETE FROM passage_notes_search WHERE rowid = old.search_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER passage_notes_search_delete;
DROP TRIGGER passage_notes_search_update;
DROP TRIGGER passage_notes_search_insert;
DROP TABLE passage_notes_search;
DROP INDEX passage_notes_search_id;
ALTER TABLE passage_notes DROP COLUMN search_id;
