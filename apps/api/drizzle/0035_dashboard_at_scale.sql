-- What pending enrolments owe, kept per due date beside what all counted enrolments owe: summing
-- it live read every open installment of every pending enrolment on each dashboard load.
ALTER TABLE "dashboard_open_installments" ADD COLUMN "pending_owed_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The cheques nobody has cleared or bounced yet, and the payments of the doors that can overpay,
-- found by index instead of a scan of every payment.
CREATE INDEX "payments_cheque_live_idx" ON "payments" USING btree ("id") WHERE "payments"."mode" = 'cheque' AND "payments"."voided_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "payments_unasked_enrollment_idx" ON "payments" USING btree ("enrollment_id") WHERE "payments"."source" <> 'staff';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_enrollments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO dashboard_enrollment_counts AS t (month, course_id, status, count)
    SELECT date_trunc('month', x.created_at)::date, x.course_id, x.status, sum(x.sign) FROM (%s) x
    GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (month, course_id, status) DO UPDATE SET count = t.count + excluded.count$q$, dashboard_delta_rows(TG_OP));
  IF TG_OP = 'UPDATE' THEN
    -- An enrolment rejected or cancelled (or brought back) takes its open installments out of
    -- (or into) what is owed; one approved (or sent back to pending) moves them out of (or into)
    -- what pending enrolments owe.
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count, pending_owed_paise)
      SELECT i.due_date, sum(f.sign * (i.amount_paise - i.paid_paise)), sum(f.sign),
             sum(f.pending_sign * (i.amount_paise - i.paid_paise))
      FROM (SELECT n.id,
                   dashboard_fees_count(n.status)::int - dashboard_fees_count(o.status)::int AS sign,
                   (n.status = 'pending')::int - (o.status = 'pending')::int AS pending_sign
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE dashboard_fees_count(n.status) <> dashboard_fees_count(o.status)
               OR (n.status = 'pending') <> (o.status = 'pending')) f
      JOIN installments i ON i.enrollment_id = f.id AND i.paid_paise < i.amount_paise
      GROUP BY 1 ORDER BY 1
      ON CONFLICT (due_date) DO UPDATE
        SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count,
            pending_owed_paise = t.pending_owed_paise + excluded.pending_owed_paise;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_enrollment_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_fees_count(OLD.status) THEN
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count, pending_owed_paise)
      SELECT due_date, -sum(amount_paise - paid_paise), -count(*),
             CASE WHEN OLD.status = 'pending' THEN -sum(amount_paise - paid_paise) ELSE 0 END
      FROM installments
      WHERE enrollment_id = OLD.id AND paid_paise < amount_paise GROUP BY 1 ORDER BY 1
      ON CONFLICT (due_date) DO UPDATE
        SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count,
            pending_owed_paise = t.pending_owed_paise + excluded.pending_owed_paise;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_installments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Installments of a deleted enrolment find no enrolment here; dashboard_enrollment_deleting
  -- has taken them out already.
  EXECUTE format($q$
    INSERT INTO dashboard_open_installments AS t (due_date, owed_paise, open_count, pending_owed_paise)
    SELECT x.due_date, sum(x.sign * (x.amount_paise - x.paid_paise)), sum(x.sign),
           coalesce(sum(x.sign * (x.amount_paise - x.paid_paise)) FILTER (WHERE e.status = 'pending'), 0)
    FROM (%s) x
    JOIN enrollments e ON e.id = x.enrollment_id AND dashboard_fees_count(e.status)
    WHERE x.paid_paise < x.amount_paise
    GROUP BY 1 HAVING sum(x.sign * (x.amount_paise - x.paid_paise)) <> 0 OR sum(x.sign) <> 0
      OR sum(x.sign * (x.amount_paise - x.paid_paise)) FILTER (WHERE e.status = 'pending') <> 0 ORDER BY 1
    ON CONFLICT (due_date) DO UPDATE
      SET owed_paise = t.owed_paise + excluded.owed_paise, open_count = t.open_count + excluded.open_count,
          pending_owed_paise = t.pending_owed_paise + excluded.pending_owed_paise$q$,
    dashboard_delta_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE dashboard_open_installments d SET pending_owed_paise = p.owed FROM (
  SELECT i.due_date, sum(i.amount_paise - i.paid_paise) AS owed FROM installments i
  JOIN enrollments e ON e.id = i.enrollment_id AND e.status = 'pending'
  WHERE i.paid_paise < i.amount_paise GROUP BY 1) p
WHERE p.due_date = d.due_date;
