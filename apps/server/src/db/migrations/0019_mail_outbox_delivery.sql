-- The outbox becomes a transactional outbox: mails are written PENDING in the transaction that causes them and
-- delivered by a worker that claims rows with a lease (locked_until), retrying with exponential backoff.
ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DEFAULT 'PENDING';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at","id") WHERE "status" IN ('PENDING', 'SENDING');--> statement-breakpoint
-- The per-address ceiling counts the last hour of mails to one address, in any case.
CREATE INDEX "mail_outbox_to_lower_created_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at");
