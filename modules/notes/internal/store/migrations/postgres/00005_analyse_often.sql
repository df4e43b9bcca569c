-- +goose Up
-- Autovacuum analyses a table after 10% of it changed by default: on a
-- server with a million notes, a reader's import of thousands would stay
-- unknown to the planner. These tables are analysed after every 1,000 rows
-- changed (the app also analyses them after every 1,000 notes written).
ALTER TABLE passage_notes SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
ALTER TABLE note_passages SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
ALTER TABLE note_tags SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
ALTER TABLE note_books SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);

-- +goose Down
ALTER TABLE passage_notes RESET (autovacuum_analyze_scale_factor, autovacuum_analyze_threshold);
ALTER TABLE note_passages RESET (autovacuum_analyze_scale_factor, autovacuum_analyze_threshold);
ALTER TABLE note_tags RESET (autovacuum_analyze_scale_factor, autovacuum_analyze_threshold);
ALTER TABLE note_books RESET (autovacuum_analyze_scale_factor, autovacuum_analyze_threshold);
