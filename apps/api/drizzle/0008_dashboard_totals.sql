CREATE TABLE "dashboard_enrollment_counts" (
	"month" date NOT NULL,
	"course_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "dashboard_enrollment_counts_month_course_id_status_pk" PRIMARY KEY("month","course_id","status")
);
--> statement-breakpoint
CREATE TABLE "dashboard_open_installments" (
	"due_date" date PRIMARY KEY NOT NULL,
	"owed_paise" bigint NOT NULL,
	"open_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_payment_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"paid_paise" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "installments_open_due_idx";--> statement-breakpoint
CREATE INDEX "installments_open_due_idx" ON "installments" USING btree ("due_date","number") WHERE "installments"."paid_paise" < "installments"."amount_paise";--> statement-breakpoint
-- Which enrolments' installments count as owed: all but rejected and cancelled ones.
CREATE FUNCTION dashboard_fees_count(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN ('pending', 'approved', 'completed') $$;
--> statement-breakpoint
-- The rows one statement changed, as signed deltas: +1 for each new row, -1 for each old one (an
-- update is both). The triggers below add these per bucket; EXECUTE sees the transition tables.
CREATE FUNCTION dashboard_delta_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 FROM old_rows o' END $$;
--> statement-breakpoint
-- Buckets are written in key order, so two transactions touching the same ones cannot deadlock.
CREATE FUNCTION dashboard_enrollments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO dashboard_enrollment_counts AS t (month, course_id, status, count)
    SELECT date_trunc('month', x.created_at)::date, x.course_id, x.status, sum(x.sign) FROM (%s) x
    GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (month, course_id, status) DO UPDATE SET count = t.count + excluded.count$q$, dashboard_delta_rows(TG_OP));
  IF TG_OP = 'UPDATE' THEN
    -- An enrolment rejected or cancelled (or brought back) takes its open installments out of
    -- (or into) what is owed.
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count)
      SELECT i.due_date, sum(f.sign * (i.amount_paise - i.paid_paise)), sum(f.sign)
      FROM (SELECT n.id, CASE WHEN dashboard_fees_count(n.status) THEN 1 ELSE -1 END AS sign
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE dashboard_fees_count(n.status) <> dashboard_fees_count(o.status)) f
      JOIN installments i ON i.enrollment_id = f.id AND i.paid_paise < i.amount_paise
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (due_date) DO UPDATE
        SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted enrolment's installments go by cascade after the enrolment row, when their own
-- trigger can no longer see whether it counted: take them out of what is owed first.
CREATE FUNCTION dashboard_enrollment_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_fees_count(OLD.status) THEN
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count)
      SELECT due_date, -sum(amount_paise - paid_paise), -count(*) FROM installments
      WHERE enrollment_id = OLD.id AND paid_paise < amount_paise GROUP BY 1 ORDER BY 1
      ON CONFLICT (due_date) DO UPDATE
        SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_installments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Installments of a deleted enrolment find no enrolment here; dashboard_enrollment_deleting
  -- has taken them out already.
  EXECUTE format($q$
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count)
    SELECT x.due_date, sum(x.sign * (x.amount_paise - x.paid_paise)), sum(x.sign) FROM (%s) x
    JOIN enrollments e ON e.id = x.enrollment_id AND dashboard_fees_count(e.status)
    WHERE x.paid_paise < x.amount_paise
    GROUP BY 1 HAVING sum(x.sign * (x.amount_paise - x.paid_paise)) <> 0 OR sum(x.sign) <> 0 ORDER BY 1
    ON CONFLICT (due_date) DO UPDATE
      SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count$q$,
    dashboard_delta_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO dashboard_payment_totals AS t (month, paid_paise)
    SELECT date_trunc('month', x.paid_on::timestamp)::date, sum(x.sign * x.amount_paise) FROM (%s) x
    WHERE x.voided_at IS NULL
    GROUP BY 1 HAVING sum(x.sign * x.amount_paise) <> 0 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET paid_paise = t.paid_paise + excluded.paid_paise$q$, dashboard_delta_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_dashboard_inserted AFTER INSERT ON enrollments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_enrollments_changed();
--> statement-breakpoint
CREATE TRIGGER enrollments_dashboard_updated AFTER UPDATE ON enrollments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_enrollments_changed();
--> statement-breakpoint
CREATE TRIGGER enrollments_dashboard_deleted AFTER DELETE ON enrollments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_enrollments_changed();
--> statement-breakpoint
CREATE TRIGGER installments_dashboard_inserted AFTER INSERT ON installments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_installments_changed();
--> statement-breakpoint
CREATE TRIGGER installments_dashboard_updated AFTER UPDATE ON installments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_installments_changed();
--> statement-breakpoint
CREATE TRIGGER installments_dashboard_deleted AFTER DELETE ON installments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_installments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER payments_dashboard_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER enrollments_dashboard_deleting BEFORE DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION dashboard_enrollment_deleting();
--> statement-breakpoint
-- Totals of what is already there.
INSERT INTO dashboard_enrollment_counts (month, course_id, status, count)
  SELECT date_trunc('month', created_at)::date, course_id, status, count(*) FROM enrollments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO dashboard_payment_totals (month, paid_paise)
  SELECT date_trunc('month', paid_on::timestamp)::date, sum(amount_paise) FROM payments WHERE voided_at IS NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO dashboard_open_installments (due_date, owed_paise, open_count)
  SELECT i.due_date, sum(i.amount_paise - i.paid_paise), count(*) FROM installments i
  JOIN enrollments e ON e.id = i.enrollment_id AND dashboard_fees_count(e.status)
  WHERE i.paid_paise < i.amount_paise GROUP BY 1;
