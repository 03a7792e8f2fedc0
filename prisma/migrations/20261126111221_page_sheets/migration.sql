-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "page_sheets" JSONB;
