-- DropIndex
DROP INDEX "dataroom_folders_dataroom_id_parent_id_idx";

-- AlterTable
ALTER TABLE "datarooms" ADD COLUMN     "index_numbers" BOOLEAN NOT NULL DEFAULT true;

-- Backfill: each parent's folders numbered densely from 0 in the order the viewer listed them (by path).
UPDATE "dataroom_folders" f SET "order_index" = o.n
FROM (SELECT id, (row_number() OVER (PARTITION BY dataroom_id, parent_id ORDER BY path) - 1)::int AS n FROM "dataroom_folders") o
WHERE o.id = f.id;

-- AlterTable
ALTER TABLE "dataroom_folders" ALTER COLUMN "order_index" SET NOT NULL,
ALTER COLUMN "order_index" SET DEFAULT 0;

-- CreateIndex
CREATE INDEX "dataroom_folders_dataroom_id_parent_id_order_index_idx" ON "dataroom_folders"("dataroom_id", "parent_id", "order_index");
