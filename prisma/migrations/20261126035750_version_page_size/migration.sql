-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "page_height" INTEGER,
ADD COLUMN     "page_width" INTEGER;
