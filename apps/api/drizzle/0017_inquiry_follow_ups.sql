-- Follow-ups: an owner and a next follow-up on every inquiry, and a contact log.
ALTER TABLE "inquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "next_follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_owner_follow_up_idx" ON "inquiries" USING btree ("owner_id","next_follow_up_at");--> statement-breakpoint
CREATE TABLE "inquiry_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_contacts_channel_check" CHECK ("channel" in ('call', 'whatsapp', 'email', 'visit')),
	CONSTRAINT "inquiry_contacts_outcome_check" CHECK ("outcome" in ('interested', 'call_back', 'no_answer', 'not_interested', 'enrolled'))
);--> statement-breakpoint
ALTER TABLE "inquiry_contacts" ADD CONSTRAINT "inquiry_contacts_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_contacts" ADD CONSTRAINT "inquiry_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_contacts_inquiry_idx" ON "inquiry_contacts" USING btree ("inquiry_id","created_at");--> statement-breakpoint
-- Round-robin assignment's one counter row, made by the first assignment (a migration leaves no
-- rows, so a freshly migrated database stays empty for a restore): instances take turns on its lock.
CREATE TABLE "inquiry_assignment" (
	"id" integer PRIMARY KEY NOT NULL,
	"turns" bigint DEFAULT 0 NOT NULL
);
