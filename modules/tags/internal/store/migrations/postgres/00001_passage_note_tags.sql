-- +goose Up
CREATE TABLE passage_note_tags (
    id          TEXT        PRIMARY KEY,
    user_id     TEXT        NOT NULL,
    label       TEXT        NOT NULL,
    -- The label folded for case: one reader cannot have "Prayer" and "prayer".
    label_key   TEXT        NOT NULL,
    color       TEXT        NOT NULL,
    description TEXT        NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX passage_note_tags_user_label ON passage_note_tags (user_id, label_key);

-- +goose Down
DROP TABLE passage_note_tags;
