-- +goose Up
-- The admin users list sorts by creation and last activity.
CREATE INDEX identity_users_created ON identity_users (created_at DESC, id DESC);
CREATE INDEX identity_users_last_seen ON identity_users (last_seen_at DESC, id DESC);

-- +goose Down
DROP INDEX identity_users_last_seen;
DROP INDEX identity_users_created;
