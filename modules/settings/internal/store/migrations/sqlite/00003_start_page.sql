-- +goose Up
-- The screen a signed-in reader opening the home page goes to.
ALTER TABLE user_settings ADD COLUMN start_page TEXT NOT NULL DEFAULT 'today';

-- +goose Down
ALTER TABLE user_settings DROP COLUMN start_page;
