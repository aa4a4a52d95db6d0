-- Private links to a student's own page: only the SHA-256 of the token is kept; 30 days, revocable.
CREATE TABLE "student_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "student_links" ADD CONSTRAINT "student_links_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_links_token_hash_key" ON "student_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "student_links_enrollment_idx" ON "student_links" USING btree ("enrollment_id");--> statement-breakpoint
-- A student's request, from their page, for a copy of their data or for its erasure; staff handle it.
CREATE TABLE "student_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid,
	"enrollment_number" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	CONSTRAINT "student_requests_kind_check" CHECK ("student_requests"."kind" in ('export', 'erasure')),
	CONSTRAINT "student_requests_state_check" CHECK ("student_requests"."state" in ('open', 'done'))
);--> statement-breakpoint
ALTER TABLE "student_requests" ADD CONSTRAINT "student_requests_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_requests" ADD CONSTRAINT "student_requests_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_requests_created_idx" ON "student_requests" USING btree ("created_at");
