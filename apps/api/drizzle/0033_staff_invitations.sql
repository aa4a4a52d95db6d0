-- When an admin invited the account: with no sign-in yet, the staff list shows it as Invited.
ALTER TABLE "staff" ADD COLUMN "invited_at" timestamp with time zone;
