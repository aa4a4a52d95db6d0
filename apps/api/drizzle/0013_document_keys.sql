CREATE TABLE "document_keys" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_keys_key_id_idx" ON "document_keys" USING btree ("key_id");--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "documents_deleted_at" timestamp with time zone;
