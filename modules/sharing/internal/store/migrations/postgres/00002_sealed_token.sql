-- +goose Up
-- The link's secret sealed with the server's sharing key (not kept in the
-- database), so its owner sees the link again; '' for links made before.
ALTER TABLE sharing_links ADD COLUMN token_sealed TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sharing_links DROP COLUMN token_sealed;
