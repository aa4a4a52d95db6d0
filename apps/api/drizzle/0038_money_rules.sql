-- An order a student opened and never paid may be cancelled (erasure, delete) and detached from an
-- enrolment that goes; money that still arrives for a cancelled order is recorded and marks it paid.
ALTER TABLE "payment_orders" ALTER COLUMN "enrollment_id" DROP NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_orders_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment order % cannot be deleted', OLD.gateway_order_id USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A paid order never goes back, and the payment that paid it is never swapped for another.
    IF (OLD.state = 'paid' AND NEW.state IS DISTINCT FROM OLD.state)
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
END $$;--> statement-breakpoint
-- Tax documents stay permanent; an erasure alone may take out a buyer's name and address where GST
-- law does not require them (the service decides which), never an amount, number or date.
CREATE OR REPLACE FUNCTION tax_documents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document % cannot be deleted: cancel it or issue a credit note', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'cancelled_at' - 'cancelled_by' - 'cancel_reason' - 'buyer_name' - 'buyer_address')
       IS DISTINCT FROM (to_jsonb(OLD) - 'cancelled_at' - 'cancelled_by' - 'cancel_reason' - 'buyer_name' - 'buyer_address')
     OR (NOT ledger_erasing() AND (NEW.buyer_name IS DISTINCT FROM OLD.buyer_name OR NEW.buyer_address IS DISTINCT FROM OLD.buyer_address))
     OR (OLD.cancelled_at IS NOT NULL AND (NEW.cancelled_at IS DISTINCT FROM OLD.cancelled_at
         OR (NOT ledger_erasing() AND NEW.cancel_reason IS DISTINCT FROM OLD.cancel_reason)
         OR (NEW.cancelled_by IS NOT NULL AND NEW.cancelled_by IS DISTINCT FROM OLD.cancelled_by)))
     OR (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NULL AND (NEW.cancel_reason IS NOT NULL OR NEW.cancelled_by IS NOT NULL)) THEN
    RAISE EXCEPTION 'tax document % cannot be changed: cancel it or issue a credit note', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A refund asked of the gateway is appended once; an erasure alone may take the person out of its reason.
CREATE FUNCTION gateway_refund_requests_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NOT ledger_erasing()
     OR (to_jsonb(NEW) - 'reason') IS DISTINCT FROM (to_jsonb(OLD) - 'reason') THEN
    RAISE EXCEPTION '% rows are appended, never changed or deleted', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER gateway_refund_requests_append_only ON "gateway_refund_requests";--> statement-breakpoint
CREATE TRIGGER gateway_refund_requests_append_only BEFORE UPDATE OR DELETE ON "gateway_refund_requests" FOR EACH ROW EXECUTE FUNCTION gateway_refund_requests_guard();
