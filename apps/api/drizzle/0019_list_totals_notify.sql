-- Every instance keeps the enrolment list's totals in memory and must hear at once when one may
-- have changed: any statement writing enrolments, installments (what is paid or overdue) or
-- courses (a search by course name) is announced on the registrar_lists channel when its
-- transaction commits. Statement triggers: one notification per statement, however many rows.
CREATE FUNCTION registrar_notify_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registrar_lists', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION registrar_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER installments_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON installments
  FOR EACH STATEMENT EXECUTE FUNCTION registrar_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER courses_list_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION registrar_notify_list_change();
