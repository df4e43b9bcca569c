-- +goose Up
-- The admin users list searches addresses by any part ("contains") and
-- sorts by creation and last activity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX identity_users_email_trgm ON identity_users USING gin (email gin_trgm_ops);
CREATE INDEX identity_users_created ON identity_users (created_at DESC, id DESC);
CREATE INDEX identity_users_last_seen ON identity_users (last_seen_at DESC, id DESC);

-- +goose Down
DROP INDEX identity_users_last_seen;
DROP INDEX identity_users_created;
DROP INDEX identity_users_email_trgm;
