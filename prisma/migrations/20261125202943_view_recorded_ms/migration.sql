-- AlterTable
ALTER TABLE "views" ADD COLUMN     "recorded_ms" INTEGER NOT NULL DEFAULT 0;

-- Reading time recorded before this column existed.
UPDATE "views" v SET "recorded_ms" = LEAST(t."ms", 2147483647)::int
FROM (SELECT "view_id", SUM("duration_ms") AS "ms" FROM "view_page_totals" GROUP BY "view_id") t
WHERE t."view_id" = v."id";
