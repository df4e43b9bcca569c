-- +goose Up
CREATE TABLE reading_plans (
    id         TEXT        PRIMARY KEY,
    user_id    TEXT        NOT NULL,
    name       TEXT        NOT NULL,
    -- The library template it was made from, "generated", "imported" or "custom".
    source     TEXT        NOT NULL,
    -- The plan's days or tracks as JSON: a copy, so a later library change
    -- never moves a reader's days.
    plan       TEXT        NOT NULL,
    -- Start date, weekdays and catch-up actions as JSON.
    following  TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX reading_plans_user ON reading_plans (user_id, created_at);

-- +goose Down
DROP TABLE reading_plans;
