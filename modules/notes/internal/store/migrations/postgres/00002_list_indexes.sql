-- +goose Up
-- A note's tag ids, sorted and comma-joined ('' when untagged), written with
-- its tags: "exactly these tags" and "untagged" become one indexed comparison.
ALTER TABLE passage_notes ADD COLUMN tag_set TEXT NOT NULL DEFAULT '';
UPDATE passage_notes n SET tag_set = COALESCE(
    (SELECT string_agg(t.tag_id, ',' ORDER BY t.tag_id COLLATE "C") FROM note_tags t WHERE t.note_id = n.id), '');
CREATE INDEX passage_notes_user_tag_set ON passage_notes (user_id, tag_set, created_at, id);

-- Search within one reader's notes: one GIN index keys the reader and the
-- trigrams of the folded text (btree_gin is a trusted extension too), so a
-- reader with many notes is searched without touching anyone else's.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX passage_notes_search;
CREATE INDEX passage_notes_user_search ON passage_notes USING gin (user_id, search_text gin_trgm_ops);

-- +goose Down
DROP INDEX passage_notes_user_search;
CREATE INDEX passage_notes_search ON passage_notes USING gin (search_text gin_trgm_ops);
DROP INDEX passage_notes_user_tag_set;
ALTER TABLE passage_notes DROP COLUMN tag_set;
