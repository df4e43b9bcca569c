-- +goose Up
-- Every reader so far followed the device's colour scheme.
ALTER TABLE user_settings ADD COLUMN theme TEXT NOT NULL DEFAULT 'system';

-- +goose Down
ALTER TABLE user_settings DROP COLUMN theme;
