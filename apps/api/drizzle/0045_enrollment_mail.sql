-- Each staff member chooses how new enrolments reach them: a digest (the default, so a busy
-- morning is a few mails), one mail per enrolment, or none.
ALTER TABLE staff ADD COLUMN enrollment_mail text NOT NULL DEFAULT 'digest'
  CONSTRAINT staff_enrollment_mail_check CHECK (enrollment_mail IN ('digest', 'each', 'none'));
--> statement-breakpoint
-- Enrolments the digest has not yet listed: intake queues each here and the digest (claimed
-- through job_runs, so one instance sends it) takes the queue whole.
CREATE TABLE enrollment_notifications (
  enrollment_id uuid PRIMARY KEY REFERENCES enrollments(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
