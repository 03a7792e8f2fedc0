-- CreateTable
CREATE TABLE "view_page_totals" (
    "view_id" TEXT NOT NULL,
    "page_number" INTEGER NOT NULL,
    "link_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "version_id" TEXT,
    "viewed_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "view_page_totals_pkey" PRIMARY KEY ("view_id","page_number")
);

-- CreateIndex
CREATE INDEX "view_page_totals_document_id_version_id_viewed_at_page_numb_idx" ON "view_page_totals"("document_id", "version_id", "viewed_at", "page_number", "duration_ms");

-- CreateIndex
CREATE INDEX "view_page_totals_link_id_viewed_at_idx" ON "view_page_totals"("link_id", "viewed_at");

-- AddForeignKey
ALTER TABLE "view_page_totals" ADD CONSTRAINT "view_page_totals_view_id_fkey" FOREIGN KEY ("view_id") REFERENCES "views"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Events recorded before this table existed.
INSERT INTO "view_page_totals" ("view_id", "page_number", "link_id", "document_id", "version_id", "viewed_at", "duration_ms")
SELECT e."view_id", e."page_number", v."link_id", v."document_id", v."version_id", v."viewed_at", SUM(e."duration_ms")::int
FROM "page_view_events" e JOIN "views" v ON v."id" = e."view_id"
WHERE v."document_id" IS NOT NULL
GROUP BY e."view_id", e."page_number", v."link_id", v."document_id", v."version_id", v."viewed_at";
