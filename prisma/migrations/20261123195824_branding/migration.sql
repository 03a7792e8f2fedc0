-- AlterTable
ALTER TABLE "image_assets" ADD COLUMN     "sha256" TEXT NOT NULL;

-- AlterTable
ALTER TABLE "brands" ALTER COLUMN "viewer_header_style" SET DEFAULT 'solid';

-- AlterTable
ALTER TABLE "dataroom_custom_brandings" ALTER COLUMN "viewer_header_style" SET DEFAULT 'solid';

-- Header styles are solid | light | minimal; rows written with the old placeholder take the default.
UPDATE "brands" SET "viewer_header_style" = 'solid' WHERE "viewer_header_style" NOT IN ('solid', 'light', 'minimal');
UPDATE "dataroom_custom_brandings" SET "viewer_header_style" = 'solid' WHERE "viewer_header_style" NOT IN ('solid', 'light', 'minimal');
