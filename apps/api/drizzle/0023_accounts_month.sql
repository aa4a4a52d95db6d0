-- What each refund does to the student's dues. Refunds before this column put the money back on
-- the student (the only behaviour there was), so they are recorded as exactly that.
ALTER TABLE "refunds" ADD COLUMN "effect" text DEFAULT 'owed-again' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "effect" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_effect_known" CHECK ("effect" IN ('owed-again', 'lower-fee', 'end-enrolment', 'credit'));--> statement-breakpoint
-- A concession written by a refund (lower the fee, end the enrolment) names it.
ALTER TABLE "concessions" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concessions_refund_idx" ON "concessions" USING btree ("refund_id");--> statement-breakpoint
-- What became of a cheque after it was received: appended, never rewritten; one outcome per cheque.
CREATE TABLE "cheque_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"occurred_on" date NOT NULL,
	"reason" text,
	"bounce_fee_paise" bigint DEFAULT 0 NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheque_events_state_known" CHECK ("state" IN ('cleared', 'bounced')),
	CONSTRAINT "cheque_events_fee_not_negative" CHECK ("bounce_fee_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cheque_events" ADD CONSTRAINT "cheque_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheque_events" ADD CONSTRAINT "cheque_events_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheque_events" ADD CONSTRAINT "cheque_events_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cheque_events_payment_uidx" ON "cheque_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "cheque_events_occurred_on_idx" ON "cheque_events" USING btree ("occurred_on");--> statement-breakpoint
-- A cheque's outcome is as permanent as the payment: only erasure may blank its reason, and a
-- deleted staff account may leave its name out.
CREATE FUNCTION ledger_cheque_events_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.id <> OLD.id OR NEW.payment_id <> OLD.payment_id OR NEW.enrollment_id <> OLD.enrollment_id
     OR NEW.state <> OLD.state OR NEW.occurred_on <> OLD.occurred_on OR NEW.bounce_fee_paise <> OLD.bounce_fee_paise
     OR NEW.created_at <> OLD.created_at
     OR (NOT ledger_erasing() AND NEW.reason IS DISTINCT FROM OLD.reason)
     OR (NEW.recorded_by IS NOT NULL AND NEW.recorded_by IS DISTINCT FROM OLD.recorded_by) THEN
    RAISE EXCEPTION 'cheque events are permanent' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cheque_events_ledger_guard BEFORE UPDATE OR DELETE ON cheque_events FOR EACH ROW EXECUTE FUNCTION ledger_cheque_events_guard();
--> statement-breakpoint
CREATE TRIGGER cheque_events_no_truncate BEFORE TRUNCATE ON cheque_events FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
