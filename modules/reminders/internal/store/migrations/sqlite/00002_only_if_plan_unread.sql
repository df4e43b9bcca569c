-- +goose Up
-- Skip the reminder unless a plan the reader follows has a day on that date
-- that is not done yet.
ALTER TABLE reminders ADD COLUMN only_if_plan_unread BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE reminders DROP COLUMN only_if_plan_unread;
