-- CreateTable
CREATE TABLE "jobs" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ref" TEXT,
    "team_id" TEXT,
    "group_key" TEXT,
    "payload" JSONB,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMP(3) NOT NULL,
    "locked_until" TIMESTAMP(3),
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_kind_status_run_at_idx" ON "jobs"("kind", "status", "run_at");

-- CreateIndex
CREATE INDEX "jobs_status_locked_until_idx" ON "jobs"("status", "locked_until");

-- CreateIndex
CREATE INDEX "jobs_group_key_status_idx" ON "jobs"("group_key", "status");

-- CreateIndex
CREATE INDEX "jobs_ref_idx" ON "jobs"("ref");

-- The work already owed moves onto the queue (due now; a claim in flight lapses).
INSERT INTO "jobs" ("id", "kind", "ref", "team_id", "group_key", "status", "run_at", "created_at", "updated_at")
SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), 'webhook.delivery', d."id", d."team_id", d."endpoint_id", 'queued',
  COALESCE(d."next_attempt_at", timezone('UTC', now())), timezone('UTC', now()), timezone('UTC', now())
FROM "webhook_deliveries" d WHERE d."status" = 'pending';

INSERT INTO "jobs" ("id", "kind", "ref", "team_id", "status", "run_at", "created_at", "updated_at")
SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), 'conversion', v."id", d."team_id", 'queued', timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
FROM "document_versions" v JOIN "documents" d ON d."id" = v."document_id"
WHERE v."preview_status" = 'processing' AND v."storage_key" IS NOT NULL;

INSERT INTO "jobs" ("id", "kind", "ref", "team_id", "status", "run_at", "created_at", "updated_at")
SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), 'dataroom.export', e."id", e."team_id", 'queued', timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
FROM "dataroom_exports" e WHERE e."status" IN ('queued', 'running');

-- DropIndex
DROP INDEX "dataroom_exports_status_locked_until_idx";

-- AlterTable
ALTER TABLE "document_versions" DROP COLUMN "preview_attempts",
DROP COLUMN "preview_claimed_until";

-- AlterTable
ALTER TABLE "webhook_deliveries" DROP COLUMN "locked_until";

-- AlterTable
ALTER TABLE "dataroom_exports" DROP COLUMN "attempts",
DROP COLUMN "locked_until";

