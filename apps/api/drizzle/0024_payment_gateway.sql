-- Orders a student opened at the payment gateway, one per installment and amount while open; the
-- payment that paid one is found through payments.gateway_payment_id (unique there).
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"enrollment_id" uuid NOT NULL REFERENCES "enrollments"("id") ON DELETE restrict,
	"installment_id" uuid REFERENCES "installments"("id") ON DELETE set null,
	"installment_number" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"gateway_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_order_uidx" ON "payment_orders" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
-- Asking twice for the same installment and amount finds the open order instead of a second one.
CREATE UNIQUE INDEX "payment_orders_open_uidx" ON "payment_orders" USING btree ("enrollment_id","installment_number","amount_paise") WHERE "state" = 'open';--> statement-breakpoint
CREATE INDEX "payment_orders_state_idx" ON "payment_orders" USING btree ("state","created_at");--> statement-breakpoint
-- Every webhook delivery that passed its signature, stored once by the gateway's event id.
CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"handled_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_event_uidx" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_received_idx" ON "gateway_events" USING btree ("received_at");--> statement-breakpoint
-- Events are appended: what arrived is never rewritten or deleted; only its handling is noted, once.
CREATE FUNCTION gateway_events_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'gateway event % cannot be deleted', OLD.event_id USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.gateway <> OLD.gateway OR NEW.event_id <> OLD.event_id OR NEW.event <> OLD.event
     OR NEW.body <> OLD.body OR NEW.received_at <> OLD.received_at
     OR NEW.gateway_order_id IS DISTINCT FROM OLD.gateway_order_id
     OR NEW.gateway_payment_id IS DISTINCT FROM OLD.gateway_payment_id
     OR OLD.handled_at IS NOT NULL THEN
    RAISE EXCEPTION 'gateway event % cannot be rewritten', OLD.event_id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER gateway_events_guard BEFORE UPDATE OR DELETE ON "gateway_events" FOR EACH ROW EXECUTE FUNCTION gateway_events_guard();
