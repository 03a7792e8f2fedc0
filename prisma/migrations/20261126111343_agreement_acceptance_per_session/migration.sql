-- DropIndex
DROP INDEX "agreement_acceptances_agreement_id_agreement_version_visito_key";

-- CreateIndex
CREATE UNIQUE INDEX "agreement_acceptances_agreement_id_agreement_version_visito_key" ON "agreement_acceptances"("agreement_id", "agreement_version", "visitor_key", "session_id");
