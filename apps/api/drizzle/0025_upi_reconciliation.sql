-- A student's own report of a UPI payment, checked by staff or by a bank statement that agrees.
CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL REFERENCES "enrollments"("id") ON DELETE cascade,
	"installment_number" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"utr" text NOT NULL,
	"paid_on" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"payment_id" uuid REFERENCES "payments"("id") ON DELETE restrict,
	"handled_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_claims_state_check" CHECK ("state" in ('open', 'confirmed', 'rejected'))
);--> statement-breakpoint
-- One open claim per UTR: a second report of the same money is the first one, not a new one.
CREATE UNIQUE INDEX "payment_claims_open_utr_uidx" ON "payment_claims" USING btree ("utr") WHERE "state" = 'open';--> statement-breakpoint
CREATE INDEX "payment_claims_enrollment_idx" ON "payment_claims" USING btree ("enrollment_id");--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"layout" text NOT NULL,
	"uploaded_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL REFERENCES "bank_statements"("id") ON DELETE cascade,
	"row_number" integer NOT NULL,
	"posted_on" date NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"amount_paise" bigint NOT NULL,
	"mode" text NOT NULL,
	"utr" text,
	"payer_name" text,
	"vpa" text,
	"state" text NOT NULL,
	"enrollment_id" uuid REFERENCES "enrollments"("id") ON DELETE set null,
	"installment_number" integer,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_id" uuid REFERENCES "payments"("id") ON DELETE restrict,
	"handled_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"handled_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_state_check" CHECK ("state" in ('recorded', 'matched', 'suggested', 'unmatched', 'ignored'))
);--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id", "row_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_utr_idx" ON "bank_statement_lines" USING btree ("utr");--> statement-breakpoint
-- A layout the known banks' readers do not recognise, mapped once by staff and reused by name.
CREATE TABLE "bank_statement_mappings" (
	"name" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
