-- AlterTable
ALTER TABLE "links" ADD COLUMN     "enable_search" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "link_presets" ADD COLUMN     "enable_search" BOOLEAN;

-- CreateTable
CREATE TABLE "search_queries" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "dataroom_id" TEXT,
    "session_key" TEXT NOT NULL,
    "viewer_email" TEXT,
    "query" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_queries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "search_queries_dataroom_id_created_at_idx" ON "search_queries"("dataroom_id", "created_at");

-- CreateIndex
CREATE INDEX "search_queries_link_id_created_at_idx" ON "search_queries"("link_id", "created_at");

-- CreateIndex
CREATE INDEX "search_queries_session_key_created_at_idx" ON "search_queries"("session_key", "created_at");

-- AddForeignKey
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
