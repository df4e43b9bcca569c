-- +goose Up
-- Ids and tag sets are ASCII: compared byte by byte (collation "C") they
-- join, hash, group and sort several times faster than under the
-- database's linguistic collation, and order the way the app sorts them.
ALTER TABLE note_passages DROP CONSTRAINT note_passages_note_id_fkey;
ALTER TABLE note_tags DROP CONSTRAINT note_tags_note_id_fkey;
ALTER TABLE passage_notes
    ALTER COLUMN id TYPE TEXT COLLATE "C",
    ALTER COLUMN user_id TYPE TEXT COLLATE "C",
    ALTER COLUMN tag_set TYPE TEXT COLLATE "C";
ALTER TABLE note_passages
    ALTER COLUMN note_id TYPE TEXT COLLATE "C",
    ALTER COLUMN user_id TYPE TEXT COLLATE "C";
ALTER TABLE note_tags
    ALTER COLUMN note_id TYPE TEXT COLLATE "C",
    ALTER COLUMN tag_id TYPE TEXT COLLATE "C",
    ALTER COLUMN user_id TYPE TEXT COLLATE "C";
ALTER TABLE note_passages ADD CONSTRAINT note_passages_note_id_fkey
    FOREIGN KEY (note_id) REFERENCES passage_notes (id) ON DELETE CASCADE;
ALTER TABLE note_tags ADD CONSTRAINT note_tags_note_id_fkey
    FOREIGN KEY (note_id) REFERENCES passage_notes (id) ON DELETE CASCADE;

-- +goose Down
ALTER TABLE note_passages DROP CONSTRAINT note_passages_note_id_fkey;
ALTER TABLE note_tags DROP CONSTRAINT note_tags_note_id_fkey;
ALTER TABLE passage_notes
    ALTER COLUMN id TYPE TEXT COLLATE "default",
    ALTER COLUMN user_id TYPE TEXT COLLATE "default",
    ALTER COLUMN tag_set TYPE TEXT COLLATE "default";
ALTER TABLE note_passages
    ALTER COLUMN note_id TYPE TEXT COLLATE "default",
    ALTER COLUMN user_id TYPE TEXT COLLATE "default";
ALTER TABLE note_tags
    ALTER COLUMN note_id TYPE TEXT COLLATE "default",
    ALTER COLUMN tag_id TYPE TEXT COLLATE "default",
    ALTER COLUMN user_id TYPE TEXT COLLATE "default";
ALTER TABLE note_passages ADD CONSTRAINT note_passages_note_id_fkey
    FOREIGN KEY (note_id) REFERENCES passage_notes (id) ON DELETE CASCADE;
ALTER TABLE note_tags ADD CONSTRAINT note_tags_note_id_fkey
    FOREIGN KEY (note_id) REFERENCES passage_notes (id) ON DELETE CASCADE;
