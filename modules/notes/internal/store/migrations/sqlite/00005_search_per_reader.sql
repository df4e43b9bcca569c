-- +goose Up
-- The trigram index answers a search alone, count included, without
-- reading the notes:
-- - case_sensitive 1: the text and the search are folded by the app
--   already, so a phrase matches exactly where the folded search is a
--   substring of the folded note, as LIKE on PostgreSQL does (the default
--   would fold once more and could find more).
-- - Each reader's notes have numbers (search_id) of their own range,
--   base + 1, base + 2, ... with base a multiple of 2^32 per reader, so a
--   rowid range keeps a search to one reader inside the index.
CREATE TABLE note_search_readers (
    user_id TEXT    PRIMARY KEY,
    base    INTEGER NOT NULL UNIQUE,
    -- The last number given to a note of this reader, past base.
    last    INTEGER NOT NULL
);
INSERT INTO note_search_readers (user_id, base, last)
    SELECT user_id, ROW_NUMBER() OVER (ORDER BY user_id) * 4294967296, COUNT(*)
    FROM passage_notes GROUP BY user_id;
UPDATE passage_notes SET search_id = s.number FROM (
    SELECT p.id, r.base + ROW_NUMBER() OVER (PARTITION BY p.user_id ORDER BY p.search_id) AS number
    FROM passage_notes p JOIN note_search_readers r ON r.user_id = p.user_id) s
    WHERE s.id = passage_notes.id;

DROP TRIGGER passage_notes_search_insert;
DROP TRIGGER passage_notes_search_update;
DROP TRIGGER passage_notes_search_delete;
DROP TABLE passage_notes_search;
CREATE VIRTUAL TABLE passage_notes_search USING fts5(search_text, tokenize = 'trigram case_sensitive 1');
INSERT INTO passage_notes_search (rowid, search_text) SELECT search_id, search_text FROM passage_notes;

-- +goose StatementBegin
CREATE TRIGGER passage_notes_search_insert AFTER INSERT ON passage_notes BEGIN
    INSERT INTO note_search_readers (user_id, base, last)
        SELECT new.user_id, (SELECT COALESCE(MAX(base), 0) + 4294967296 FROM note_search_readers), 0
        WHERE NOT EXISTS (SELECT 1 FROM note_search_readers WHERE user_id = new.user_id);
    UPDATE note_search_readers SET last = last + 1 WHERE user_id = new.user_id;
    UPDATE passage_notes SET search_id = (SELECT base + last FROM note_search_readers WHERE user_id = new.user_id)
        WHERE id = new.id;
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
DROP TABLE note_search_readers;
UPDATE passage_notes SET search_id = rowid;
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
