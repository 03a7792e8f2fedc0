-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'magic_link',
ADD COLUMN     "sso_team_id" TEXT;

-- CreateTable
CREATE TABLE "saml_connections" (
    "team_id" TEXT NOT NULL,
    "idp_entity_id" TEXT NOT NULL,
    "idp_sso_url" TEXT NOT NULL,
    "idp_certs" TEXT[],
    "metadata_url" TEXT,
    "domains" TEXT[],
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saml_connections_pkey" PRIMARY KEY ("team_id")
);

-- CreateTable
CREATE TABLE "saml_requests" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saml_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saml_assertion_uses" (
    "team_id" TEXT NOT NULL,
    "assertion_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saml_assertion_uses_pkey" PRIMARY KEY ("team_id","assertion_id")
);

-- CreateIndex
CREATE INDEX "saml_requests_expires_at_idx" ON "saml_requests"("expires_at");

-- CreateIndex
CREATE INDEX "saml_assertion_uses_expires_at_idx" ON "saml_assertion_uses"("expires_at");

-- AddForeignKey
ALTER TABLE "saml_connections" ADD CONSTRAINT "saml_connections_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
