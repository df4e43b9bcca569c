-- +goose Up
-- The order the tags screen lists tags in.
ALTER TABLE user_settings ADD COLUMN tag_sort TEXT NOT NULL DEFAULT 'az';

-- +goose Down
ALTER TABLE user_settings DROP COLUMN tag_sort;
