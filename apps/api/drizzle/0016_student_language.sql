-- The language the student filled the form in ('en' or 'hi'): their mails and fee statement use it.
ALTER TABLE "inquiries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_language_check" CHECK ("inquiries"."language" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_language_check" CHECK ("enrollments"."language" in ('en', 'hi'));
