-- The accountant's day book: cash that leaves the drawer (a bank deposit, a handover) and the
-- opening cash balance entered once, then each day's closing with the cash counted. Both are
-- ledger rows: never rewritten, a correction is a new row.
CREATE TABLE "cash_book_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"on_date" date NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"party" text,
	"reference" text,
	"reason" text,
	"recorded_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_book_entries_kind_check" CHECK ("kind" in ('opening', 'deposit', 'handover')),
	CONSTRAINT "cash_book_entries_amount_check" CHECK ("amount_paise" > 0),
	CONSTRAINT "cash_book_entries_party_check" CHECK ("kind" = 'opening' OR "party" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "cash_book_entries_on_date_idx" ON "cash_book_entries" USING btree ("on_date");--> statement-breakpoint
-- The opening balance is entered once; every later day opens from the day before.
CREATE UNIQUE INDEX "cash_book_entries_opening_uidx" ON "cash_book_entries" USING btree ("kind") WHERE "kind" = 'opening';--> statement-breakpoint
CREATE TABLE "cash_book_closings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"on_date" date NOT NULL,
	"opening_paise" bigint NOT NULL,
	"cash_in_paise" bigint NOT NULL,
	"cash_out_paise" bigint NOT NULL,
	"moved_paise" bigint NOT NULL,
	"counted_paise" bigint NOT NULL,
	"difference_paise" bigint NOT NULL,
	"reason" text,
	"recorded_by" uuid REFERENCES "staff"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_book_closings_counted_check" CHECK ("counted_paise" >= 0),
	-- What was counted is what the books expected plus the difference found.
	CONSTRAINT "cash_book_closings_sum_check" CHECK ("counted_paise" = "opening_paise" + "cash_in_paise" - "cash_out_paise" - "moved_paise" + "difference_paise"),
	CONSTRAINT "cash_book_closings_reason_check" CHECK ("difference_paise" = 0 OR "reason" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_book_closings_on_date_uidx" ON "cash_book_closings" USING btree ("on_date");--> statement-breakpoint
-- Permanent like payments: only a deleted staff account may leave its name out.
CREATE FUNCTION cash_book_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.recorded_by IS NOT NULL OR OLD.recorded_by IS NULL
     OR (to_jsonb(NEW) - 'recorded_by') <> (to_jsonb(OLD) - 'recorded_by') THEN
    RAISE EXCEPTION '% rows are permanent', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_book_entries_guard BEFORE UPDATE OR DELETE ON "cash_book_entries" FOR EACH ROW EXECUTE FUNCTION cash_book_guard();--> statement-breakpoint
CREATE TRIGGER cash_book_closings_guard BEFORE UPDATE OR DELETE ON "cash_book_closings" FOR EACH ROW EXECUTE FUNCTION cash_book_guard();--> statement-breakpoint
CREATE TRIGGER cash_book_entries_no_truncate BEFORE TRUNCATE ON "cash_book_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();--> statement-breakpoint
CREATE TRIGGER cash_book_closings_no_truncate BEFORE TRUNCATE ON "cash_book_closings" FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
