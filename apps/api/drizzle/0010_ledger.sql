-- A payment outlives any schedule: deleting an enrolment with payments fails, and a replaced
-- installment only detaches its payments (they keep the number of the installment they were for).
ALTER TABLE "payments" DROP CONSTRAINT "payments_enrollment_id_enrollments_id_fk";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_installment_id_installments_id_fk";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "installment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installment_number" integer;--> statement-breakpoint
UPDATE "payments" p SET "installment_number" = i."number" FROM "installments" i WHERE i."id" = p."installment_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "installment_number" SET NOT NULL;--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"mode" text NOT NULL,
	"refunded_on" date NOT NULL,
	"reason" text NOT NULL,
	"refund_number" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_refund_number_unique" UNIQUE("refund_number"),
	CONSTRAINT "refunds_amount_positive" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concessions_amount_positive" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_enrollment_idx" ON "refunds" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "concessions_enrollment_idx" ON "concessions" USING btree ("enrollment_id");--> statement-breakpoint
-- An erasure on request may scrub a person's name out of the free text of money rows (a note, a
-- reference, a reason); it sets this flag for its own transaction only. Amounts, dates, modes and
-- numbers stay untouchable whatever the flag says.
CREATE FUNCTION ledger_erasing() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('registrar.erasure', true), '') = 'on'
$$;
--> statement-breakpoint
-- Money rows are permanent: a mistake is voided, refunded or conceded in a new row. Only the
-- void columns may be filled once, a replaced installment may detach its payments, and a deleted
-- staff account may leave its name out.
CREATE FUNCTION ledger_payments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment % cannot be deleted: void or refund it instead', OLD.receipt_number USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.enrollment_id <> OLD.enrollment_id OR NEW.amount_paise <> OLD.amount_paise
     OR NEW.mode <> OLD.mode OR NEW.paid_on <> OLD.paid_on OR NEW.receipt_number <> OLD.receipt_number
     OR NEW.installment_number <> OLD.installment_number OR NEW.created_at <> OLD.created_at
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
CREATE FUNCTION ledger_rows_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.id <> OLD.id OR NEW.amount_paise <> OLD.amount_paise OR NEW.enrollment_id <> OLD.enrollment_id
     OR (NOT ledger_erasing() AND NEW.reason <> OLD.reason) OR NEW.created_at <> OLD.created_at
     OR (NEW.recorded_by IS NOT NULL AND NEW.recorded_by IS DISTINCT FROM OLD.recorded_by) THEN
    RAISE EXCEPTION '% rows are permanent', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_refunds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.payment_id <> OLD.payment_id OR NEW.refund_number <> OLD.refund_number
     OR NEW.mode <> OLD.mode OR NEW.refunded_on <> OLD.refunded_on THEN
    RAISE EXCEPTION 'refund rows are permanent' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A number once given is never given again: counters only go up.
CREATE FUNCTION ledger_counters_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.year <> OLD.year OR NEW.last < OLD.last THEN
    RAISE EXCEPTION '% only counts up', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% cannot be truncated', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
-- A payment written without the installment's number (a bulk import, a seed) takes it from the installment.
CREATE FUNCTION ledger_payment_installment_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.installment_number IS NULL THEN
    NEW.installment_number := (SELECT number FROM installments WHERE id = NEW.installment_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_installment_number BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION ledger_payment_installment_number();
--> statement-breakpoint
CREATE TRIGGER payments_ledger_guard BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION ledger_payments_guard();
--> statement-breakpoint
CREATE TRIGGER refunds_ledger_guard BEFORE UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION ledger_rows_guard();
--> statement-breakpoint
CREATE TRIGGER refunds_ledger_guard_fields BEFORE UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION ledger_refunds_guard();
--> statement-breakpoint
CREATE TRIGGER concessions_ledger_guard BEFORE UPDATE OR DELETE ON concessions FOR EACH ROW EXECUTE FUNCTION ledger_rows_guard();
--> statement-breakpoint
CREATE TRIGGER receipt_counters_ledger_guard BEFORE UPDATE OR DELETE ON receipt_counters FOR EACH ROW EXECUTE FUNCTION ledger_counters_guard();
--> statement-breakpoint
CREATE TRIGGER refund_counters_ledger_guard BEFORE UPDATE OR DELETE ON refund_counters FOR EACH ROW EXECUTE FUNCTION ledger_counters_guard();
--> statement-breakpoint
CREATE TRIGGER payments_no_truncate BEFORE TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
--> statement-breakpoint
CREATE TRIGGER refunds_no_truncate BEFORE TRUNCATE ON refunds FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
--> statement-breakpoint
CREATE TRIGGER concessions_no_truncate BEFORE TRUNCATE ON concessions FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
--> statement-breakpoint
CREATE TRIGGER receipt_counters_no_truncate BEFORE TRUNCATE ON receipt_counters FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
--> statement-breakpoint
CREATE TRIGGER refund_counters_no_truncate BEFORE TRUNCATE ON refund_counters FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
--> statement-breakpoint
-- Collected is net of refunds, in the month of the refund.
CREATE FUNCTION dashboard_refunds_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_payment_totals AS t (month, paid_paise)
    SELECT date_trunc('month', n.refunded_on::timestamp)::date, -sum(n.amount_paise) FROM new_rows n
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_dashboard_inserted AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_refunds_inserted();
--> statement-breakpoint
-- Voids used to leave installments' paid sums as they were: take them from the ledger again.
UPDATE "installments" i SET "paid_paise" = coalesce((SELECT sum(p.amount_paise) FROM payments p WHERE p.installment_id = i.id AND p.voided_at IS NULL), 0)
  WHERE i."paid_paise" <> coalesce((SELECT sum(p.amount_paise) FROM payments p WHERE p.installment_id = i.id AND p.voided_at IS NULL), 0);
