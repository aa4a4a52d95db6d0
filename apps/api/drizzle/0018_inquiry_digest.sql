-- Every instance keeps verified sessions in memory and must hear at once when one stops being
-- valid: a revoked or deleted session, or a staff member changed (disabled, role, password) or
-- removed, is announced on the registrar_auth channel when its transaction commits.
CREATE FUNCTION registrar_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registrar_auth', 'session:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_sessions_revoked_notify AFTER UPDATE OF revoked_at ON staff_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION registrar_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER staff_sessions_deleted_notify AFTER DELETE ON staff_sessions
  FOR EACH ROW EXECUTE FUNCTION registrar_notify_session_change();
--> statement-breakpoint
CREATE FUNCTION registrar_notify_staff_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registrar_auth', 'staff:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_changed_notify AFTER UPDATE OR DELETE ON staff
  FOR EACH ROW EXECUTE FUNCTION registrar_notify_staff_change();
--> statement-breakpoint
-- Staff hear of new inquiries in a digest, at most one a minute: intake queues the inquiry here
-- and the digest (claimed through job_runs, so one instance sends it) takes the queue whole.
CREATE TABLE inquiry_notifications (
  inquiry_id uuid PRIMARY KEY REFERENCES inquiries(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
