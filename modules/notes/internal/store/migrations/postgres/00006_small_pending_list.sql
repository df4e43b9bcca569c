-- +goose Up
-- New notes wait in the trigram index's pending list, which every search
-- reads whole, until it outgrows gin_pending_list_limit (4 MB, some 800 of
-- the benchmark's notes) and the insert that overflows it merges it into
-- the index. A limit of 256 kB (about 50 notes) keeps what a search reads,
-- and what one insert merges, small, so no large flush is left for the
-- statistics refresh to run beside the searches after a burst of writes.
ALTER INDEX passage_notes_user_search SET (gin_pending_list_limit = 256);

-- +goose Down
ALTER INDEX passage_notes_user_search RESET (gin_pending_list_limit);
