-- AlterTable
ALTER TABLE "links" ADD COLUMN     "created_by_id" TEXT;

-- AlterTable
ALTER TABLE "views" ADD COLUMN     "last_active_at" TIMESTAMP(3),
ADD COLUMN     "session_id" TEXT;

-- AlterTable
ALTER TABLE "page_view_events" ADD COLUMN     "client_event_id" TEXT;

-- CreateTable
CREATE TABLE "viewer_sessions" (
    "id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT,
    "viewer_id" TEXT,
    "field_values" JSONB,
    "password_ok" BOOLEAN NOT NULL DEFAULT false,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "access_key" TEXT,
    "admitted_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewer_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_codes" (
    "id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "code_hmac" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "consumed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewer_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_notifications" (
    "link_id" TEXT NOT NULL,
    "visitor_key" TEXT NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "link_notifications_pkey" PRIMARY KEY ("link_id","visitor_key")
);

-- CreateIndex
CREATE UNIQUE INDEX "viewer_sessions_token_hash_key" ON "viewer_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "viewer_sessions_link_id_idx" ON "viewer_sessions"("link_id");

-- CreateIndex
CREATE INDEX "viewer_sessions_expires_at_idx" ON "viewer_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_codes_link_id_email_key" ON "viewer_codes"("link_id", "email");

-- CreateIndex
CREATE INDEX "views_session_id_last_active_at_idx" ON "views"("session_id", "last_active_at");

-- CreateIndex
CREATE UNIQUE INDEX "page_view_events_view_id_client_event_id_key" ON "page_view_events"("view_id", "client_event_id");

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_sessions" ADD CONSTRAINT "viewer_sessions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_codes" ADD CONSTRAINT "viewer_codes_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
