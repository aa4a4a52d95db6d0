-- Bulk imports: one row per upload (dry run or real), with the report and the rows in error so
-- the errors file can give back exactly those rows. The institute's own record ids stay on the
-- enrolments they created, so a second run of the same file finds them.
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"rows" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_rows" jsonb,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "external_id" text;--> statement-breakpoint
-- The student's State or Union Territory as its two-digit GST state code (place of supply).
ALTER TABLE "enrollments" ADD COLUMN "state" text;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_external_id_uidx" ON "enrollments" USING btree ("external_id") WHERE "external_id" IS NOT NULL;
