-- +goose Up
CREATE TABLE passage_notes (
    id          TEXT     PRIMARY KEY,
    user_id     TEXT     NOT NULL,
    content     TEXT     NOT NULL,
    -- The content folded for search (lower case, no accents), written by the app.
    search_text TEXT     NOT NULL,
    created_at  DATETIME NOT NULL,
    updated_at  DATETIME NOT NULL
);
CREATE INDEX passage_notes_user_created ON passage_notes (user_id, created_at, id);
CREATE INDEX passage_notes_user_updated ON passage_notes (user_id, updated_at, id);

-- A note's passages, in the order the reader gave them.
CREATE TABLE note_passages (
    note_id        TEXT    NOT NULL REFERENCES passage_notes (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    user_id        TEXT    NOT NULL,
    start_verse_id INTEGER NOT NULL,
    end_verse_id   INTEGER NOT NULL,
    PRIMARY KEY (note_id, position)
);
CREATE INDEX note_passages_user_verses ON note_passages (user_id, start_verse_id, end_verse_id, note_id);

-- A note's tags: ids of the reader's tags in the tags module.
CREATE TABLE note_tags (
    note_id TEXT NOT NULL REFERENCES passage_notes (id) ON DELETE CASCADE,
    tag_id  TEXT NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (note_id, tag_id)
);
CREATE INDEX note_tags_user_tag ON note_tags (user_id, tag_id, note_id);

-- +goose Down
DROP TABLE note_tags;
DROP TABLE note_passages;
DROP TABLE passage_notes;
