-- +goose Up
-- Readers who had settings before the welcome existed are not new: they never see it.
ALTER TABLE user_settings ADD COLUMN welcome_done BOOLEAN NOT NULL DEFAULT TRUE;

-- +goose Down
ALTER TABLE user_settings DROP COLUMN welcome_done;
