-- +goose Up
-- A note's tag ids, sorted and comma-joined ('' when untagged), written with
-- its tags: "exactly these tags" and "untagged" become one indexed comparison.
ALTER TABLE passage_notes ADD COLUMN tag_set TEXT NOT NULL DEFAULT '';
UPDATE passage_notes SET tag_set = COALESCE(
    (SELECT group_concat(t.tag_id, ',' ORDER BY t.tag_id) FROM note_tags t WHERE t.note_id = passage_notes.id), '');
CREATE INDEX passage_notes_user_tag_set ON passage_notes (user_id, tag_set, created_at, id);

-- +goose Down
DROP INDEX passage_notes_user_tag_set;
ALTER TABLE passage_notes DROP COLUMN tag_set;
