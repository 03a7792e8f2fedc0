-- CreateEnum
CREATE TYPE "QuestionStatus" AS ENUM ('open', 'answered', 'closed');

-- AlterTable
ALTER TABLE "datarooms" ADD COLUMN     "qa_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "qa_limit_per_visitor_per_day" INTEGER NOT NULL DEFAULT 20;

-- CreateTable
CREATE TABLE "questions" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "placement_id" TEXT,
    "document_id" TEXT,
    "page_number" INTEGER,
    "text" TEXT NOT NULL,
    "visitor_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "link_id" TEXT,
    "status" "QuestionStatus" NOT NULL DEFAULT 'open',
    "published" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "answers" (
    "id" TEXT NOT NULL,
    "question_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "answered_by_id" TEXT,
    "answered_by_email" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "answers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "questions_dataroom_id_created_at_id_idx" ON "questions"("dataroom_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "questions_dataroom_id_visitor_id_created_at_idx" ON "questions"("dataroom_id", "visitor_id", "created_at");

-- CreateIndex
CREATE INDEX "answers_question_id_created_at_idx" ON "answers"("question_id", "created_at");

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_placement_id_fkey" FOREIGN KEY ("placement_id") REFERENCES "dataroom_documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_visitor_id_fkey" FOREIGN KEY ("visitor_id") REFERENCES "viewers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
