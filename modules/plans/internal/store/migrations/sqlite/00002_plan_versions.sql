-- +goose Up
-- A reader's plans version: it grows with every write to the reader's plans
-- (a deletion too), so the plan progress read model learns from it, in the
-- statement that reads the plans, whether its value is current.
CREATE TABLE plan_versions (
    user_id TEXT   PRIMARY KEY,
    version BIGINT NOT NULL
);
-- Readers with plans from before have a version already.
INSERT INTO plan_versions (user_id, version) SELECT DISTINCT user_id, 1 FROM reading_plans;

-- +goose Down
DROP TABLE plan_versions;
