-- AlterTable
ALTER TABLE "events" ADD COLUMN     "actor_email_verified" BOOLEAN;

-- AlterTable
ALTER TABLE "agreement_acceptances" ADD COLUMN     "email_verified" BOOLEAN NOT NULL DEFAULT false;

-- Acceptances made before this column whose viewer session (while it is kept) proved the address.
UPDATE "agreement_acceptances" a SET "email_verified" = true
FROM "viewer_sessions" s
WHERE s."id" = a."session_id" AND s."verified" AND a."email" IS NOT NULL AND lower(s."email") = a."visitor_key";
