-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads
-- it from @electric-sql/pglite/contrib/pg_trgm (src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "inquiries_email_lower_idx";--> statement-breakpoint
DROP INDEX "inquiries_phone_idx";--> statement-breakpoint
CREATE INDEX "enrollments_search_trgm_idx" ON "enrollments" USING gin (("name" || E'\x1f' || "email" || E'\x1f' || "phone_number" || E'\x1f' || "enrollment_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_email_lower_created_idx" ON "inquiries" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "inquiries_phone_created_idx" ON "inquiries" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_search_trgm_idx" ON "inquiries" USING gin (("name" || E'\x1f' || "email" || E'\x1f' || "phone_number") gin_trgm_ops);