-- Hand-written: name search is ILIKE on "name" (case-insensitive substring), which a trigram
-- index on "name" serves directly; the first index was on lower("name"), which ILIKE cannot use.
DROP INDEX IF EXISTS "qx_documents_name_trgm";
CREATE INDEX "qx_documents_name_trgm" ON "documents" USING gin ("name" gin_trgm_ops);
