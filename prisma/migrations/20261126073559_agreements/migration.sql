-- CreateEnum
CREATE TYPE "AgreementContentType" AS ENUM ('text', 'url', 'document');

-- AlterTable
ALTER TABLE "links" ADD COLUMN     "agreement_id" TEXT;

-- AlterTable
ALTER TABLE "link_presets" ADD COLUMN     "agreement_id" TEXT;

-- AlterTable
ALTER TABLE "viewer_sessions" ADD COLUMN     "agreement_key" TEXT;

-- CreateTable
CREATE TABLE "agreements" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content_type" "AgreementContentType" NOT NULL,
    "text" TEXT,
    "url" TEXT,
    "document_id" TEXT,
    "require_name" BOOLEAN NOT NULL DEFAULT false,
    "version" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agreements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreement_acceptances" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "agreement_id" TEXT NOT NULL,
    "agreement_version" TEXT NOT NULL,
    "visitor_key" TEXT NOT NULL,
    "link_id" TEXT,
    "view_id" TEXT,
    "visitor_id" TEXT,
    "session_id" TEXT,
    "email" TEXT,
    "name" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "terms" TEXT NOT NULL,
    "accepted_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agreement_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agreements_team_id_created_at_id_idx" ON "agreements"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "agreement_acceptances_agreement_id_accepted_at_id_idx" ON "agreement_acceptances"("agreement_id", "accepted_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agreement_acceptances_agreement_id_agreement_version_visito_key" ON "agreement_acceptances"("agreement_id", "agreement_version", "visitor_key");

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_presets" ADD CONSTRAINT "link_presets_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_agreement_id_fkey" FOREIGN KEY ("agreement_id") REFERENCES "agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
