-- The GST rate added on top of an installment of a tax-exclusive course (0: nothing added), kept
-- with the installment so a later change of the course's rate neither moves what is owed nor the
-- rate its payments are invoiced at.
ALTER TABLE "installments" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_tax_rate_bp_check" CHECK ("tax_rate_bp" >= 0 AND "tax_rate_bp" <= 10000);
