-- CreateEnum
CREATE TYPE "DigestFrequency" AS ENUM ('instant', 'daily', 'weekly', 'off');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'UTC';

-- AlterTable
ALTER TABLE "team_members" ADD COLUMN     "digest_access_requests" "DigestFrequency" NOT NULL DEFAULT 'instant',
ADD COLUMN     "digest_questions" "DigestFrequency" NOT NULL DEFAULT 'instant',
ADD COLUMN     "digest_uploads" "DigestFrequency" NOT NULL DEFAULT 'instant',
ADD COLUMN     "digest_visits" "DigestFrequency" NOT NULL DEFAULT 'instant';
