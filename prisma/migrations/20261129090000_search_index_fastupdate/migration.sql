-- Every search reads these GIN indexes. With fastupdate on, new entries wait in a pending list
-- that every index scan reads in full (up to gin_pending_list_limit, 4 MB): after one 1,300-page
-- extraction a one-word search read 380 pending pages per scan, 8 scans a query (one per
-- language). Off: an insert goes straight into the index tree (extraction writes a page at a
-- time, so the cost moves to where it is paid once).
ALTER INDEX "qx_page_texts_primary_tsv" SET (fastupdate = off);
ALTER INDEX "qx_documents_name_tsv" SET (fastupdate = off);
SELECT gin_clean_pending_list('"qx_page_texts_primary_tsv"'::regclass);
SELECT gin_clean_pending_list('"qx_documents_name_tsv"'::regclass);
