ALTER TABLE "outbox" ADD COLUMN "secret_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_secret_until_idx" ON "outbox" USING btree ("secret_until") WHERE "secret_until" IS NOT NULL;
