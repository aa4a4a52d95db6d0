-- A charge a bounced cheque leaves (its bounce fee, the refunds already paid out on it) is its own
-- line in the dues, beside the installments, never folded into one of them. Null: an installment.
ALTER TABLE "installments" ADD COLUMN "charge" text;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_charge_check" CHECK ("charge" IS NULL OR "charge" IN ('cheque_bounce', 'cheque_refunds'));
--> statement-breakpoint
-- Which process recorded a refund no person worked at the counter (a gateway's settlement); null: staff.
ALTER TABLE "refunds" ADD COLUMN "recorded_process" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_process_check" CHECK ("recorded_process" IS NULL OR "recorded_process" IN ('gateway_answer', 'gateway_webhook', 'gateway_reconciler'));
