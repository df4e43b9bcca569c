-- +goose Up
-- Every admin action: who did what to whom, when. The addresses are kept
-- as they were at the time, and blanked when that account is deleted.
CREATE TABLE admin_audit (
    id           TEXT        PRIMARY KEY,
    at           DATETIME    NOT NULL,
    actor_id     TEXT        NOT NULL,
    actor_email  TEXT        NOT NULL,
    action       TEXT        NOT NULL,
    target_id    TEXT        NOT NULL,
    target_email TEXT        NOT NULL
);
CREATE INDEX admin_audit_at ON admin_audit (at DESC, id DESC);
CREATE INDEX admin_audit_actor ON admin_audit (actor_id);
CREATE INDEX admin_audit_target ON admin_audit (target_id);

-- +goose Down
DROP TABLE admin_audit;
