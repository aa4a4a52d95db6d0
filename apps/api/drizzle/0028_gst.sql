-- GST, off by default: the institute's registration (one row), each course's tax fields, the
-- buyer's GSTIN on an enrolment (its State is already there), and the tax documents themselves.
CREATE TABLE "gst_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"gstin" text,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state_code" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_settings_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "gst_settings" ADD CONSTRAINT "gst_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sac" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tax_inclusive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "delivery_mode" text DEFAULT 'classroom' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "gst_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "gstin" text;--> statement-breakpoint
-- One gapless series per GSTIN, kind and financial year; the row stays locked until commit.
CREATE TABLE "tax_document_counters" (
	"gstin" text NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_pk" PRIMARY KEY("gstin","series","fy")
);
--> statement-breakpoint
-- A tax invoice, bill of supply or credit note: everything printed on it is copied here when it
-- is issued, so a later change of name, address or rate never rewrites a document.
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"gstin" text NOT NULL,
	"fy" text NOT NULL,
	"issued_on" date NOT NULL,
	"period" text NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"original_id" uuid,
	"supplier_name" text NOT NULL,
	"supplier_address" text NOT NULL,
	"supplier_state" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_state" text NOT NULL,
	"buyer_gstin" text,
	"sac" text NOT NULL,
	"description" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"place_of_supply" text NOT NULL,
	"inter_state" boolean NOT NULL,
	"value_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" bigint NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("kind" in ('invoice', 'bill_of_supply', 'credit_note')),
	CONSTRAINT "tax_documents_number_length" CHECK (char_length("number") <= 16 AND "number" ~ '^[A-Za-z0-9/-]+$'),
	CONSTRAINT "tax_documents_adds_up" CHECK ("value_paise" = "taxable_paise" + "cgst_paise" + "sgst_paise" + "igst_paise" + "round_off_paise"),
	CONSTRAINT "tax_documents_halves" CHECK ("cgst_paise" = "sgst_paise")
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_original_id_tax_documents_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_cancelled_by_staff_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_gstin_number_uidx" ON "tax_documents" USING btree ("gstin","number");--> statement-breakpoint
-- One invoice or bill of supply per payment; credit notes may be several (partial refunds).
CREATE UNIQUE INDEX "tax_documents_payment_original_uidx" ON "tax_documents" USING btree ("payment_id") WHERE "kind" <> 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_uidx" ON "tax_documents" USING btree ("refund_id") WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_documents_period_idx" ON "tax_documents" USING btree ("gstin","period");--> statement-breakpoint
-- Months whose GSTR-1 the admin marked filed: a void then issues a credit note instead of cancelling.
CREATE TABLE "gst_filed_periods" (
	"gstin" text NOT NULL,
	"period" text NOT NULL,
	"filed_by" uuid,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_filed_periods_pk" PRIMARY KEY("gstin","period")
);
--> statement-breakpoint
ALTER TABLE "gst_filed_periods" ADD CONSTRAINT "gst_filed_periods_filed_by_staff_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Tax documents are permanent: a mistake is a cancellation (once, while its month is unfiled)
-- or a credit note, never a deleted or rewritten row (the law keeps them for years, erasure included).
-- The cancel columns are filled once; a deleted staff account may leave its name out.
CREATE FUNCTION tax_documents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document % cannot be deleted: cancel it or issue a credit note', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'cancelled_at' - 'cancelled_by' - 'cancel_reason')
       IS DISTINCT FROM (to_jsonb(OLD) - 'cancelled_at' - 'cancelled_by' - 'cancel_reason')
     OR (OLD.cancelled_at IS NOT NULL AND (NEW.cancelled_at IS DISTINCT FROM OLD.cancelled_at
         OR NEW.cancel_reason IS DISTINCT FROM OLD.cancel_reason
         OR (NEW.cancelled_by IS NOT NULL AND NEW.cancelled_by IS DISTINCT FROM OLD.cancelled_by)))
     OR (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NULL AND (NEW.cancel_reason IS NOT NULL OR NEW.cancelled_by IS NOT NULL)) THEN
    RAISE EXCEPTION 'tax document % cannot be changed: cancel it or issue a credit note', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_guard" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION tax_documents_guard();
--> statement-breakpoint
CREATE FUNCTION gst_filed_periods_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a filed month stays filed' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "gst_filed_periods_guard" BEFORE UPDATE OR DELETE ON "gst_filed_periods" FOR EACH ROW EXECUTE FUNCTION gst_filed_periods_guard();
