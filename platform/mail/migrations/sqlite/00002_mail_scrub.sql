-- +goose Up
-- What a message is, kept for operators after its content is blanked.
ALTER TABLE mail_messages ADD COLUMN kind TEXT NOT NULL DEFAULT '';
-- Delivered and given-up messages keep no subject, body or headers: they
-- held codes and reset links.
UPDATE mail_messages SET subject = '', text_body = '', html_body = '', headers = '{}'
WHERE status IN ('sent', 'failed');

-- +goose Down
ALTER TABLE mail_messages DROP COLUMN kind;
