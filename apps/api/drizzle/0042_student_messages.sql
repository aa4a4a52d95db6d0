-- A failed attempt at the gateway closes its order as failed, so the student's page can say so and a
-- retry opens a new order; money the gateway captures later on a failed order still pays it.
CREATE OR REPLACE FUNCTION payment_orders_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment order % cannot be deleted', OLD.gateway_order_id USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A paid order never goes back; a failed one goes only to paid or cancelled, a cancelled one
    -- only to paid; its payment is never swapped; only a cancelled order lets go of its enrolment.
    IF (OLD.state = 'paid' AND NEW.state IS DISTINCT FROM OLD.state)
       OR (OLD.state = 'failed' AND NEW.state NOT IN ('failed', 'paid', 'cancelled'))
       OR (OLD.state = 'cancelled' AND NEW.state NOT IN ('cancelled', 'paid'))
       OR (OLD.gateway_payment_id IS NOT NULL AND NEW.gateway_payment_id IS DISTINCT FROM OLD.gateway_payment_id)
       OR NEW.amount_paise <> OLD.amount_paise OR NEW.gateway_order_id <> OLD.gateway_order_id
       OR (NEW.enrollment_id IS DISTINCT FROM OLD.enrollment_id
           AND (NEW.enrollment_id IS NOT NULL OR NEW.state <> 'cancelled')) THEN
      RAISE EXCEPTION 'payment order % cannot be rewritten', OLD.gateway_order_id USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.state IS NOT DISTINCT FROM OLD.state THEN
      RETURN NEW;
    END IF;
  END IF;
  INSERT INTO payment_order_history (order_id, state, gateway_payment_id, at)
    VALUES (NEW.id, NEW.state, NEW.gateway_payment_id, now());
  RETURN NEW;
END $$;
--> statement-breakpoint
-- What a student was told about their money, once per event: the event key is unique, so a retry
-- or a second door reaching the same event finds the message instead of sending another.
CREATE TABLE "student_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL REFERENCES "enrollments"("id") ON DELETE cascade,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"channel" text DEFAULT 'mail' NOT NULL,
	"outbox_id" uuid REFERENCES "outbox"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_messages_kind_check" CHECK ("kind" in ('payment_recorded', 'payment_failed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "student_messages_event_uidx" ON "student_messages" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "student_messages_enrollment_idx" ON "student_messages" USING btree ("enrollment_id","created_at");
