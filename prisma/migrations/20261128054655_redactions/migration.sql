-- CreateTable
CREATE TABLE "redactions" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "source_version_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "marks" JSONB NOT NULL,
    "terms" JSONB NOT NULL DEFAULT '[]',
    "patterns" JSONB NOT NULL DEFAULT '[]',
    "reason" TEXT,
    "verification" JSONB,
    "error" TEXT,
    "result_version_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "applied_at" TIMESTAMP(3),

    CONSTRAINT "redactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "redactions_document_id_created_at_idx" ON "redactions"("document_id", "created_at");

-- CreateIndex
CREATE INDEX "redactions_team_id_created_at_idx" ON "redactions"("team_id", "created_at");

-- AddForeignKey
ALTER TABLE "redactions" ADD CONSTRAINT "redactions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
