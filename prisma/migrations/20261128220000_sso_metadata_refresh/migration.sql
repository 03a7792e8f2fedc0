-- AlterTable
ALTER TABLE "saml_connections" ADD COLUMN "metadata_checked_at" TIMESTAMP(3),
ADD COLUMN "metadata_error" TEXT;

-- Connections configured from a metadata URL follow it from now on: one `sso.metadata` job each,
-- due within the day.
UPDATE "saml_connections" SET "metadata_checked_at" = "updated_at" WHERE "metadata_url" IS NOT NULL;
INSERT INTO "jobs" ("id", "kind", "ref", "team_id", "status", "run_at", "created_at", "updated_at")
SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), 'sso.metadata', c."team_id", c."team_id", 'queued',
  timezone('UTC', now()) + interval '1 day', timezone('UTC', now()), timezone('UTC', now())
FROM "saml_connections" c WHERE c."metadata_url" IS NOT NULL;
