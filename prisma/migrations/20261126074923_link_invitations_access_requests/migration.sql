-- AlterTable
ALTER TABLE "links" ADD COLUMN     "allow_access_requests" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "link_presets" ADD COLUMN     "allow_access_requests" BOOLEAN;

-- CreateTable
CREATE TABLE "link_invitations" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "link_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_requests" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "dataroom_id" TEXT,
    "session_id" TEXT,
    "email" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "link_invitations_link_id_created_at_id_idx" ON "link_invitations"("link_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "link_invitations_team_id_created_at_idx" ON "link_invitations"("team_id", "created_at");

-- CreateIndex
CREATE INDEX "access_requests_team_id_status_created_at_id_idx" ON "access_requests"("team_id", "status", "created_at", "id");

-- CreateIndex
CREATE INDEX "access_requests_link_id_email_idx" ON "access_requests"("link_id", "email");

-- CreateIndex
CREATE INDEX "access_requests_email_created_at_idx" ON "access_requests"("email", "created_at");

-- AddForeignKey
ALTER TABLE "link_invitations" ADD CONSTRAINT "link_invitations_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
