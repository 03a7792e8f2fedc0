-- CreateEnum
CREATE TYPE "VisitorUploadStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "uploads" ADD COLUMN     "visitor_id" TEXT;

-- AlterTable
ALTER TABLE "dataroom_folders" ADD COLUMN     "accepts_uploads" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "viewer_group_permissions" ADD COLUMN     "can_upload" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "visitor_uploads" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "folder_id" TEXT,
    "visitor_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "link_id" TEXT,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "num_pages" INTEGER NOT NULL,
    "page_width" DOUBLE PRECISION,
    "page_height" DOUBLE PRECISION,
    "duration_ms" INTEGER,
    "storage_key" TEXT,
    "status" "VisitorUploadStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "document_id" TEXT,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "visitor_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "visitor_uploads_dataroom_id_created_at_id_idx" ON "visitor_uploads"("dataroom_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "visitor_uploads_visitor_id_created_at_idx" ON "visitor_uploads"("visitor_id", "created_at");

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "dataroom_folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_visitor_id_fkey" FOREIGN KEY ("visitor_id") REFERENCES "viewers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visitor_uploads" ADD CONSTRAINT "visitor_uploads_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
