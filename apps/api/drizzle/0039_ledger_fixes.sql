-- A charge a bounced cheque leaves (its bounce fee, the refunds already paid out on it) is its own
-- line in the dues, beside the installments, never folded into one of them. Null: an installment.
ALTER TABLE "installments" ADD COLUMN "charge" text;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_charge_check" CHECK ("charge" IS NULL OR "charge" IN ('cheque_bounce', 'cheque_refunds'));
