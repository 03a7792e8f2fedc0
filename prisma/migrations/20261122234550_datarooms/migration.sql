-- CreateEnum
CREATE TYPE "DefaultPermission" AS ENUM ('inherit', 'hidden');

-- DropForeignKey
ALTER TABLE "links" DROP CONSTRAINT "links_group_id_fkey";

-- AlterTable
ALTER TABLE "datarooms" ADD COLUMN     "default_permission" "DefaultPermission" NOT NULL DEFAULT 'inherit',
ADD COLUMN     "deleted_at" TIMESTAMP(3);

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "viewer_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;
