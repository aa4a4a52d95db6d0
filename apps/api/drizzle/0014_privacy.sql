-- Consent: when the student accepted the terms (terms_version already names which) and from where.
ALTER TABLE "enrollments" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "consent_ip" text;--> statement-breakpoint
-- Set when the person's data was erased on request and the row kept, pseudonymous, for the fee ledger.
ALTER TABLE "enrollments" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- One row per erasure on request: who, when, which kinds of data and how many rows. No personal data.
CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid,
	"reason" text NOT NULL,
	"counts" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasures_at_idx" ON "erasures" USING btree ("at");
