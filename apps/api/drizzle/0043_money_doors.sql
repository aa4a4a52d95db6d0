-- Money that reaches a cancelled or rejected enrolment pays no installment: it is held as a credit to refund.
ALTER TABLE "payments" ADD COLUMN "held_as_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a payment was held is as permanent as its amount.
CREATE OR REPLACE FUNCTION ledger_payments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment % cannot be deleted: void or refund it instead', OLD.receipt_number USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.enrollment_id <> OLD.enrollment_id OR NEW.amount_paise <> OLD.amount_paise
     OR NEW.mode <> OLD.mode OR NEW.paid_on <> OLD.paid_on OR NEW.receipt_number <> OLD.receipt_number
     OR NEW.installment_number <> OLD.installment_number OR NEW.created_at <> OLD.created_at
     OR NEW.source <> OLD.source OR NEW.source_ref IS DISTINCT FROM OLD.source_ref
     OR NEW.utr IS DISTINCT FROM OLD.utr OR NEW.gateway_payment_id IS DISTINCT FROM OLD.gateway_payment_id
     OR NEW.cheque_number IS DISTINCT FROM OLD.cheque_number OR NEW.bank_name IS DISTINCT FROM OLD.bank_name
     OR NEW.cheque_date IS DISTINCT FROM OLD.cheque_date OR NEW.held_as_credit <> OLD.held_as_credit
     OR (NOT ledger_erasing() AND (NEW.reference IS DISTINCT FROM OLD.reference OR NEW.note IS DISTINCT FROM OLD.note))
     OR (NEW.installment_id IS NOT NULL AND NEW.installment_id IS DISTINCT FROM OLD.installment_id)
     OR (NEW.recorded_by IS NOT NULL AND NEW.recorded_by IS DISTINCT FROM OLD.recorded_by)
     OR (OLD.voided_at IS NOT NULL AND (NEW.voided_at IS DISTINCT FROM OLD.voided_at
         OR (NOT ledger_erasing() AND NEW.void_reason IS DISTINCT FROM OLD.void_reason)
         OR (NEW.voided_by IS NOT NULL AND NEW.voided_by IS DISTINCT FROM OLD.voided_by))) THEN
    RAISE EXCEPTION 'payment % cannot be rewritten', OLD.receipt_number USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The student also hears of a claim confirmed or rejected and of a refund, once per event.
ALTER TABLE "student_messages" DROP CONSTRAINT "student_messages_kind_check";--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_kind_check" CHECK ("kind" in ('payment_recorded', 'payment_failed', 'claim_confirmed', 'claim_rejected', 'refund_recorded'));
