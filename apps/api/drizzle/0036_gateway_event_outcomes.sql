-- What handling a gateway event came to, appended once per handling: the event as it arrived is never
-- written again, and a retry (after an error) adds its own row. The latest row is the event's outcome.
CREATE TABLE "gateway_event_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "gateway_events"("id") ON DELETE restrict,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_event_outcomes_outcome_check" CHECK ("outcome" in ('recorded', 'already_recorded', 'unmatched', 'ignored', 'failed', 'refund_recorded', 'refund_failed', 'error'))
);--> statement-breakpoint
-- Two handlings of one event at the same moment (webhook and reconciler) note one outcome, not two.
CREATE UNIQUE INDEX "gateway_event_outcomes_attempt_uidx" ON "gateway_event_outcomes" USING btree ("event_id","attempt");--> statement-breakpoint
INSERT INTO "gateway_event_outcomes" ("event_id", "attempt", "outcome", "created_at")
  SELECT "id", 1, "outcome", "handled_at" FROM "gateway_events" WHERE "handled_at" IS NOT NULL AND "outcome" <> 'pending';--> statement-breakpoint
DROP TRIGGER "gateway_events_guard" ON "gateway_events";--> statement-breakpoint
DROP FUNCTION gateway_events_guard();--> statement-breakpoint
ALTER TABLE "gateway_events" DROP COLUMN "outcome";--> statement-breakpoint
ALTER TABLE "gateway_events" DROP COLUMN "handled_at";--> statement-breakpoint
CREATE TRIGGER gateway_events_append_only BEFORE UPDATE OR DELETE ON "gateway_events" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER gateway_event_outcomes_append_only BEFORE UPDATE OR DELETE ON "gateway_event_outcomes" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER gateway_events_no_truncate BEFORE TRUNCATE ON "gateway_events" FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();--> statement-breakpoint
CREATE TRIGGER gateway_event_outcomes_no_truncate BEFORE TRUNCATE ON "gateway_event_outcomes" FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_truncate();
