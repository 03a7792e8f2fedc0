-- AlterTable
ALTER TABLE "access_requests" ADD COLUMN     "granted_group_id" TEXT,
ADD COLUMN     "granted_to" TEXT;
