-- +goose Up
-- One reader's reminder schedule. next_at is when the scheduler next looks
-- at the row (an index hint, recomputed from the reader's time zone on every
-- run); claimed_until is the lease of the instance handling it.
CREATE TABLE reminders (
    user_id        TEXT        PRIMARY KEY,
    enabled        BOOLEAN     NOT NULL,
    local_time     TEXT        NOT NULL,
    days           TEXT        NOT NULL,
    only_if_unread BOOLEAN     NOT NULL,
    channels       TEXT        NOT NULL,
    -- Grows each time reminders are turned on; older unsubscribe tokens stop working.
    generation     INTEGER     NOT NULL DEFAULT 0,
    -- The last local date handled (sent or skipped), '' for none.
    done_date      TEXT        NOT NULL DEFAULT '',
    next_at        TIMESTAMPTZ,
    claimed_until  TIMESTAMPTZ,
    paused_at      TIMESTAMPTZ,
    -- The address the reader saved from, for links when no site address is configured.
    site_url       TEXT        NOT NULL DEFAULT '',
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX reminders_due ON reminders (next_at) WHERE enabled AND paused_at IS NULL;

-- One reminder sent: at most one per reader and local date (the key is what
-- makes several instances send it once).
CREATE TABLE reminder_occurrences (
    user_id    TEXT        NOT NULL,
    local_date TEXT        NOT NULL,
    generation INTEGER     NOT NULL,
    -- SHA-256 of the token in the reminder's links (unsubscribe, open).
    token_hash TEXT        NOT NULL UNIQUE,
    channels   TEXT        NOT NULL,
    sent_at    TIMESTAMPTZ NOT NULL,
    opened_at  TIMESTAMPTZ,
    PRIMARY KEY (user_id, local_date)
);

CREATE TABLE reminder_push_subscriptions (
    id         TEXT        PRIMARY KEY,
    user_id    TEXT        NOT NULL,
    endpoint   TEXT        NOT NULL UNIQUE,
    p256dh     TEXT        NOT NULL,
    auth       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX reminder_push_subscriptions_user ON reminder_push_subscriptions (user_id);

-- Notifications waiting for delivery; claimed like mail (status sending
-- until next_attempt_at is a lease).
CREATE TABLE reminder_push_deliveries (
    id              BIGSERIAL   PRIMARY KEY,
    user_id         TEXT        NOT NULL,
    subscription_id TEXT        NOT NULL,
    payload         TEXT        NOT NULL,
    status          TEXT        NOT NULL,
    attempts        INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX reminder_push_deliveries_due ON reminder_push_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX reminder_push_deliveries_user ON reminder_push_deliveries (user_id);

-- The server's VAPID key pair, made at first start and shared by every instance.
CREATE TABLE reminder_vapid_keys (
    id          INTEGER     PRIMARY KEY,
    private_key TEXT        NOT NULL,
    public_key  TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE reminder_vapid_keys;
DROP TABLE reminder_push_deliveries;
DROP TABLE reminder_push_subscriptions;
DROP TABLE reminder_occurrences;
DROP TABLE reminders;
