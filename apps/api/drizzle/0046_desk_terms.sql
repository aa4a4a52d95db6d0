-- Who saw the student accept the terms and where: the public form, the desk (with the staff
-- member who witnessed it) or the student's own page after a link was sent from the desk.
ALTER TABLE enrollments ADD COLUMN consent_via text
  CONSTRAINT enrollments_consent_via_check CHECK (consent_via IN ('form', 'desk', 'page'));
--> statement-breakpoint
ALTER TABLE enrollments ADD COLUMN consent_staff_id uuid
  CONSTRAINT enrollments_consent_staff_id_fkey REFERENCES staff(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE enrollments ADD COLUMN terms_link_sent_at timestamptz;
