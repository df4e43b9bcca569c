-- +goose Up
CREATE TABLE user_settings (
    user_id                 TEXT     PRIMARY KEY,
    look_back_date          TEXT     NOT NULL,
    daily_verse_count_goal  INTEGER  NOT NULL,
    preferred_bible_version TEXT     NOT NULL,
    preferred_bible_app     TEXT     NOT NULL DEFAULT '',
    locale                  TEXT     NOT NULL,
    time_zone               TEXT     NOT NULL,
    rest_days_per_week      INTEGER  NOT NULL,
    version                 BIGINT   NOT NULL,
    updated_at              TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE user_settings;
