-- +goose Up
-- The books each note has a passage in, one row per note and book, written
-- with its passages: notes per book are counted here without
-- de-duplicating passages (a note counts once per book).
CREATE TABLE note_books (
    note_id TEXT COLLATE "C" NOT NULL REFERENCES passage_notes (id) ON DELETE CASCADE,
    book    SMALLINT         NOT NULL,
    user_id TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (note_id, book)
);
CREATE INDEX note_books_user_book ON note_books (user_id, book);
INSERT INTO note_books (note_id, book, user_id)
    SELECT DISTINCT note_id, (start_verse_id - 100000000) / 1000000, user_id FROM note_passages;

-- +goose Down
DROP TABLE note_books;
