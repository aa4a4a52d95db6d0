DROP INDEX "installments_due_idx";--> statement-breakpoint
ALTER TABLE "installments" ADD COLUMN "paid_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "installments_open_due_idx" ON "installments" USING btree ("due_date") WHERE "installments"."paid_paise" < "installments"."amount_paise";--> statement-breakpoint
UPDATE "installments" i SET "paid_paise" = p.paid FROM (SELECT installment_id, sum(amount_paise) AS paid FROM payments WHERE voided_at IS NULL GROUP BY installment_id) p WHERE p.installment_id = i.id;
