-- A bounced cheque is told to the student once, like every other money event.
ALTER TABLE "student_messages" DROP CONSTRAINT "student_messages_kind_check";--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_kind_check" CHECK ("kind" in ('payment_recorded', 'payment_failed', 'claim_confirmed', 'claim_rejected', 'refund_recorded', 'cheque_bounced'));
