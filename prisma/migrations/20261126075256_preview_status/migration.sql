-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "preview_error" TEXT,
ADD COLUMN     "preview_status" TEXT NOT NULL DEFAULT 'ready';

-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "preview_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "preview_claimed_until" TIMESTAMP(3),
ADD COLUMN     "preview_error" TEXT,
ADD COLUMN     "preview_key" TEXT,
ADD COLUMN     "preview_status" TEXT NOT NULL DEFAULT 'ready';

-- CreateIndex
CREATE INDEX "document_versions_preview_status_created_at_idx" ON "document_versions"("preview_status", "created_at");

-- Existing Office files join the conversion queue; other stored files that are neither PDFs nor
-- inline images have no preview (issue 22).
UPDATE "document_versions" SET "preview_status" = 'processing'
WHERE "storage_key" IS NOT NULL AND "content_type" IN (
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text', 'application/rtf', 'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv', 'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.presentation');
UPDATE "document_versions" SET "preview_status" = 'unavailable', "preview_error" = 'Quire does not preview this type of file. It can be downloaded.'
WHERE "storage_key" IS NOT NULL AND "preview_status" = 'ready' AND "content_type" <> 'application/pdf'
  AND "content_type" NOT IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp');
UPDATE "documents" d SET "preview_status" = v."preview_status", "preview_error" = v."preview_error"
FROM "document_versions" v WHERE v."document_id" = d."id" AND v."is_primary";
