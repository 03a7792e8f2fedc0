-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "duration_ms" INTEGER;

-- Stored videos play in the viewer (issue 22): no longer "not previewed". Their duration, and so
-- their segments, is learned from the first play.
UPDATE "document_versions" SET "preview_status" = 'ready', "preview_error" = NULL
WHERE "storage_key" IS NOT NULL AND "content_type" IN ('video/mp4', 'video/webm', 'video/quicktime');
UPDATE "documents" d SET "preview_status" = v."preview_status", "preview_error" = v."preview_error"
FROM "document_versions" v WHERE v."document_id" = d."id" AND v."is_primary" AND v."content_type" IN ('video/mp4', 'video/webm', 'video/quicktime');
