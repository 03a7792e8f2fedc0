-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "text_status" TEXT NOT NULL DEFAULT 'unavailable';

-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "text_error" TEXT,
ADD COLUMN     "text_status" TEXT NOT NULL DEFAULT 'unavailable';

-- CreateTable
CREATE TABLE "page_texts" (
    "version_id" TEXT NOT NULL,
    "page_number" INTEGER NOT NULL,
    "team_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "config" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "words" JSONB,
    "ocr" BOOLEAN NOT NULL DEFAULT false,
    "tsv" tsvector NOT NULL,

    CONSTRAINT "page_texts_pkey" PRIMARY KEY ("version_id","page_number")
);

-- CreateIndex
CREATE INDEX "page_texts_tsv_idx" ON "page_texts" USING GIN ("tsv");

-- CreateIndex
CREATE INDEX "page_texts_document_id_idx" ON "page_texts"("document_id");

-- AddForeignKey
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "document_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search inside documents (docs/decisions.md "Search inside documents"): one text search
-- configuration per supported language that folds accents before stemming, so "Vertrage",
-- "VERTRÄGE" and "Verträge" are one word, and ts_headline highlights what to_tsvector indexed.
CREATE EXTENSION IF NOT EXISTS unaccent;
DO $$
DECLARE l text;
BEGIN
  FOREACH l IN ARRAY ARRAY['english', 'german', 'french', 'spanish', 'italian', 'dutch', 'portuguese', 'simple'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'quire_' || l) THEN
      EXECUTE format('CREATE TEXT SEARCH CONFIGURATION quire_%s (COPY = pg_catalog.%s)', l, l);
      EXECUTE format('ALTER TEXT SEARCH CONFIGURATION quire_%s ALTER MAPPING FOR hword, hword_part, word WITH unaccent, %s',
        l, CASE WHEN l = 'simple' THEN 'simple' ELSE l || '_stem' END);
    END IF;
  END LOOP;
END $$;

-- Names are searched with the simple configuration (names are rarely sentences), the
-- punctuation of file names (Escrow_Agreement-v2.pdf) read as spaces.
CREATE INDEX "qx_documents_name_tsv" ON "documents" USING GIN (to_tsvector('quire_simple'::regconfig, translate("name", '._-/', '    ')));

-- A document's language: its team's default brand's (Japanese has no stemmer here: simple).
UPDATE documents d SET language = CASE b.default_language WHEN 'ja' THEN 'simple' ELSE b.default_language END
FROM brands b WHERE b.team_id = d.team_id AND b.is_default;

-- What has words to read: PDFs, converted Office files (now or once converted), images (OCR).
UPDATE document_versions SET text_status = 'processing'
WHERE storage_key IS NOT NULL AND (content_type = 'application/pdf' OR preview_key IS NOT NULL
  OR preview_status = 'processing' OR (type = 'image' AND content_type ~ '^image/(png|jpeg|gif|webp|avif|bmp)$'));
UPDATE documents d SET text_status = v.text_status FROM document_versions v WHERE v.document_id = d.id AND v.is_primary;
INSERT INTO jobs (id, kind, ref, team_id, status, run_at, created_at, updated_at)
SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), 'text.extract', v.id, d.team_id, 'queued',
  timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
FROM document_versions v JOIN documents d ON d.id = v.document_id
WHERE v.text_status = 'processing' AND v.preview_status = 'ready';
