-- A search ranks every matching page with ts_rank_cd(tsv, ...), which reads the page's tsv. A real
-- page (300 words: a 4-5 KB tsv, its word boxes 7 KB) is past the 2 KB TOAST target, and with the
-- default storage the tsv went out of line with the boxes: each ranked page was a TOAST fetch.
-- Ranking 5,000 such pages took 174 ms; with the tsv kept in the row (MAIN: compressed or moved
-- out only when the row would not fit a page otherwise), 34 ms. The body and the boxes, read only
-- for a page's snippet and highlights, go out of line first.
ALTER TABLE "page_texts" ALTER COLUMN "tsv" SET STORAGE MAIN;
-- Rows written before keep their out-of-line tsv until rewritten: a new value (the same lexemes)
-- is stored under the new rule.
UPDATE "page_texts" SET "tsv" = "tsv" || ''::tsvector;
