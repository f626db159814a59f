-- The per-address ceiling (MAIL_MAX_PER_ADDRESS_PER_HOUR) counts and holds back only the mails a stranger can make
-- the store send (codes, contact messages); mails about the recipient's own orders are not capped (capped = false).
ALTER TABLE "mail_outbox" ADD COLUMN IF NOT EXISTS "capped" boolean NOT NULL DEFAULT true;
