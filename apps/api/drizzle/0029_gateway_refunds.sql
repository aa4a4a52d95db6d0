-- A staff refund of an online payment, asked of the gateway: who asked, why, what it does to the
-- dues and how much. The ledger's refund is written only when the gateway reports it processed.
CREATE TABLE "gateway_refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" text NOT NULL,
	"enrollment_id" uuid NOT NULL REFERENCES "enrollments"("id") ON DELETE restrict,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
	"gateway_payment_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"effect" text NOT NULL,
	"requested_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "gateway_refund_requests_enrollment_idx" ON "gateway_refund_requests" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "gateway_refund_requests_payment_idx" ON "gateway_refund_requests" USING btree ("payment_id");--> statement-breakpoint
-- What became of a request, appended in order: requested, pending at the gateway, then processed or failed.
CREATE TABLE "gateway_refund_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL REFERENCES "gateway_refund_requests"("id") ON DELETE restrict,
	"state" text NOT NULL,
	"gateway_refund_id" text,
	"refund_id" uuid REFERENCES "refunds"("id") ON DELETE restrict,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refund_events_state_check" CHECK ("state" in ('requested', 'pending', 'processed', 'failed'))
);--> statement-breakpoint
CREATE INDEX "gateway_refund_events_request_idx" ON "gateway_refund_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "gateway_refund_events_refund_idx" ON "gateway_refund_events" USING btree ("gateway_refund_id");--> statement-breakpoint
-- A request ends once: processed (its ledger refund written) or failed, never both, never twice.
CREATE UNIQUE INDEX "gateway_refund_events_end_uidx" ON "gateway_refund_events" USING btree ("request_id") WHERE "state" in ('processed', 'failed');--> statement-breakpoint
-- Every change of an order's state, appended by the database itself, so the history stays visible.
CREATE TABLE "payment_order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "payment_orders"("id") ON DELETE restrict,
	"state" text NOT NULL,
	"gateway_payment_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "payment_order_history_order_idx" ON "payment_order_history" USING btree ("order_id","at");--> statement-breakpoint
INSERT INTO "payment_order_history" ("order_id", "state", "at") SELECT "id", 'open', "created_at" FROM "payment_orders";--> statement-breakpoint
INSERT INTO "payment_order_history" ("order_id", "state", "gateway_payment_id", "at")
  SELECT "id", "state", "gateway_payment_id", coalesce("paid_at", now()) FROM "payment_orders" WHERE "state" <> 'open';--> statement-breakpoint
CREATE FUNCTION payment_orders_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment order % cannot be deleted', OLD.gateway_order_id USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A paid order never goes back, and the payment that paid it is never swapped for another.
    IF (OLD.state <> 'open' AND NEW.state IS DISTINCT FROM OLD.state)
       OR (OLD.gateway_payment_id IS NOT NULL AND NEW.gateway_payment_id IS DISTINCT FROM OLD.gateway_payment_id)
       OR NEW.amount_paise <> OLD.amount_paise OR NEW.gateway_order_id <> OLD.gateway_order_id
       OR NEW.enrollment_id <> OLD.enrollment_id THEN
      RAISE EXCEPTION 'payment order % cannot be rewritten', OLD.gateway_order_id USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.state IS NOT DISTINCT FROM OLD.state THEN
      RETURN NEW;
    END IF;
  END IF;
  INSERT INTO payment_order_history (order_id, state, gateway_payment_id, at)
    VALUES (NEW.id, NEW.state, NEW.gateway_payment_id, now());
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_orders_history AFTER INSERT OR UPDATE OR DELETE ON "payment_orders" FOR EACH ROW EXECUTE FUNCTION payment_orders_history();--> statement-breakpoint
-- Refund requests, their events and the orders' history are appended only.
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are appended, never changed or deleted', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER gateway_refund_requests_append_only BEFORE UPDATE OR DELETE ON "gateway_refund_requests" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER gateway_refund_events_append_only BEFORE UPDATE OR DELETE ON "gateway_refund_events" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER payment_order_history_append_only BEFORE UPDATE OR DELETE ON "payment_order_history" FOR EACH ROW EXECUTE FUNCTION append_only();
