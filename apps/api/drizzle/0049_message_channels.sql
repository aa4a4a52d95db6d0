-- Each channel a student message went out on (once per channel, its best reported state), the
-- templates a provider refused, and the student's consent to WhatsApp and SMS and its withdrawal.
CREATE TABLE "message_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"error_code" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_channel_check" CHECK ("message_deliveries"."channel" in ('whatsapp', 'sms', 'mail')),
	CONSTRAINT "message_deliveries_state_check" CHECK ("message_deliveries"."state" in ('queued', 'sent', 'failed', 'delivered', 'read'))
);
--> statement-breakpoint
CREATE TABLE "message_template_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"error_code" text NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "phone_messages_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "phone_messages_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "public"."student_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_channel_uidx" ON "message_deliveries" USING btree ("message_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_provider_uidx" ON "message_deliveries" USING btree ("channel","provider_id") WHERE "message_deliveries"."provider_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_problems_open_uidx" ON "message_template_problems" USING btree ("channel","template") WHERE "message_template_problems"."cleared_at" is null;