-- CreateTable
CREATE TABLE "access_denials" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "dataroom_id" TEXT,
    "email" TEXT,
    "reason" TEXT NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_denials_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_denials_link_id_created_at_idx" ON "access_denials"("link_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "access_denials_dataroom_id_created_at_idx" ON "access_denials"("dataroom_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "access_denials_created_at_idx" ON "access_denials"("created_at");

-- AddForeignKey
ALTER TABLE "access_denials" ADD CONSTRAINT "access_denials_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_denials" ADD CONSTRAINT "access_denials_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
