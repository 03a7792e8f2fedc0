-- CreateTable
CREATE TABLE "dataroom_exports" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "size" BIGINT,
    "sha256" TEXT,
    "storage_key" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "dataroom_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "dataroom_exports_dataroom_id_created_at_idx" ON "dataroom_exports"("dataroom_id", "created_at");

-- CreateIndex
CREATE INDEX "dataroom_exports_status_locked_until_idx" ON "dataroom_exports"("status", "locked_until");

-- AddForeignKey
ALTER TABLE "dataroom_exports" ADD CONSTRAINT "dataroom_exports_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;
