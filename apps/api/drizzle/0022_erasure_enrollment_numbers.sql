-- An erasure's record names the enrolments it erased (their numbers, never the person).
ALTER TABLE "erasures" ADD COLUMN "enrollment_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL;
