-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('free', 'pro', 'business', 'datarooms', 'datarooms-plus');

-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('admin', 'manager', 'member');

-- CreateEnum
CREATE TYPE "BrandingMode" AS ENUM ('team_default', 'team_brand', 'custom');

-- CreateEnum
CREATE TYPE "PermissionItemType" AS ENUM ('dataroom_document', 'dataroom_folder');

-- CreateEnum
CREATE TYPE "LinkType" AS ENUM ('document', 'dataroom');

-- CreateEnum
CREATE TYPE "AudienceType" AS ENUM ('general', 'group');

-- CreateEnum
CREATE TYPE "ViewType" AS ENUM ('DOCUMENT_VIEW', 'DATAROOM_VIEW');

-- CreateEnum
CREATE TYPE "DownloadType" AS ENUM ('SINGLE', 'BULK', 'FOLDER');

-- CreateTable
CREATE TABLE "teams" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "email_verified" TIMESTAMP(3),
    "image" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "session_token" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "team_members" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" "TeamRole" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "team_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "TeamRole" NOT NULL DEFAULT 'member',
    "token_hash" TEXT NOT NULL,
    "invited_by_id" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "accepted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "public_id" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_models" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "user_code" TEXT,
    "uid" TEXT,
    "expires_at" TIMESTAMP(3),
    "consumed_at" TIMESTAMP(3),

    CONSTRAINT "oauth_models_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "folders" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "parent_id" TEXT,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "icon" TEXT,
    "color" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "folders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "folder_id" TEXT,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "external_url" TEXT,
    "num_pages" INTEGER NOT NULL DEFAULT 1,
    "file_size" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_versions" (
    "id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "version_number" INTEGER NOT NULL,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "type" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "external_url" TEXT,
    "storage_key" TEXT,
    "num_pages" INTEGER NOT NULL DEFAULT 1,
    "file_size" BIGINT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "uploads" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "file_name" TEXT,
    "declared_size" BIGINT,
    "size" BIGINT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "uploaded_at" TIMESTAMP(3),
    "consumed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "datarooms" (
    "id" TEXT NOT NULL,
    "pid" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "internal_name" TEXT,
    "description" TEXT,
    "allow_bulk_download" BOOLEAN NOT NULL DEFAULT true,
    "is_frozen" BOOLEAN NOT NULL DEFAULT false,
    "branding_mode" "BrandingMode" NOT NULL DEFAULT 'team_brand',
    "brand_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "datarooms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataroom_folders" (
    "id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "parent_id" TEXT,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "icon" TEXT,
    "color" TEXT,
    "order_index" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "dataroom_folders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataroom_documents" (
    "id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "folder_id" TEXT,
    "order_index" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "dataroom_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_groups" (
    "id" TEXT NOT NULL,
    "dataroom_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "domains" TEXT[],
    "allow_all" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "viewer_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_group_memberships" (
    "id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "viewer_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "viewer_group_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewer_group_permissions" (
    "id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    "item_type" "PermissionItemType" NOT NULL,
    "can_view" BOOLEAN NOT NULL DEFAULT true,
    "can_download" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "viewer_group_permissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "links" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_type" "LinkType" NOT NULL,
    "document_id" TEXT,
    "dataroom_id" TEXT,
    "audience_type" "AudienceType" NOT NULL DEFAULT 'general',
    "group_id" TEXT,
    "brand_id" TEXT,
    "preset_id" TEXT,
    "name" TEXT,
    "slug" TEXT NOT NULL,
    "password_hash" TEXT,
    "expires_at" TIMESTAMP(3),
    "email_protected" BOOLEAN NOT NULL DEFAULT false,
    "email_authenticated" BOOLEAN NOT NULL DEFAULT false,
    "allow_download" BOOLEAN NOT NULL DEFAULT false,
    "allow_list" TEXT[],
    "deny_list" TEXT[],
    "watermark_config" JSONB,
    "welcome_message" TEXT,
    "enable_notification" BOOLEAN NOT NULL DEFAULT true,
    "show_banner" BOOLEAN NOT NULL DEFAULT false,
    "custom_fields" JSONB NOT NULL DEFAULT '[]',
    "meta_title" TEXT,
    "meta_description" TEXT,
    "meta_image" TEXT,
    "enable_custom_meta" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_presets" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT,
    "expires_in_seconds" INTEGER,
    "email_protected" BOOLEAN,
    "email_authenticated" BOOLEAN,
    "allow_download" BOOLEAN,
    "allow_list" TEXT[],
    "deny_list" TEXT[],
    "watermark_config" JSONB,
    "welcome_message" TEXT,
    "enable_notification" BOOLEAN,
    "show_banner" BOOLEAN,
    "custom_fields" JSONB,
    "meta_title" TEXT,
    "meta_description" TEXT,
    "meta_image" TEXT,
    "enable_custom_meta" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "link_presets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "viewers" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "dataroom_id" TEXT,
    "invited_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "viewers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "views" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "document_id" TEXT,
    "dataroom_id" TEXT,
    "version_id" TEXT,
    "viewer_id" TEXT,
    "parent_view_id" TEXT,
    "viewer_email" TEXT,
    "view_type" "ViewType" NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "viewed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "downloaded_at" TIMESTAMP(3),
    "download_type" "DownloadType",
    "user_agent" TEXT,
    "country" TEXT,
    "city" TEXT,
    "custom_field_values" JSONB,

    CONSTRAINT "views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "page_view_events" (
    "id" TEXT NOT NULL,
    "view_id" TEXT NOT NULL,
    "link_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "version_id" TEXT,
    "page_number" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "page_view_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "image_assets" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "image_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "brands" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "brand_color" TEXT,
    "logo_image_id" TEXT,
    "hide_logo" BOOLEAN NOT NULL DEFAULT false,
    "banner_image_id" TEXT,
    "banner_hidden" BOOLEAN NOT NULL DEFAULT false,
    "link_preview_image_id" TEXT,
    "link_preview_favicon_id" TEXT,
    "welcome_message" TEXT,
    "cta_label" TEXT,
    "cta_url" TEXT,
    "custom_link_preview_enabled" BOOLEAN NOT NULL DEFAULT false,
    "link_preview_title" TEXT,
    "link_preview_description" TEXT,
    "card_layout" TEXT NOT NULL DEFAULT 'grid',
    "show_folder_tree" BOOLEAN NOT NULL DEFAULT true,
    "viewer_layout_preset" TEXT NOT NULL DEFAULT 'standard',
    "viewer_header_style" TEXT NOT NULL DEFAULT 'default',
    "hide_folder_icons_in_main" BOOLEAN NOT NULL DEFAULT false,
    "default_language" TEXT NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "brands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataroom_custom_brandings" (
    "dataroom_id" TEXT NOT NULL,
    "brand_color" TEXT,
    "logo_image_id" TEXT,
    "hide_logo" BOOLEAN NOT NULL DEFAULT false,
    "banner_image_id" TEXT,
    "banner_hidden" BOOLEAN NOT NULL DEFAULT false,
    "link_preview_image_id" TEXT,
    "link_preview_favicon_id" TEXT,
    "welcome_message" TEXT,
    "cta_label" TEXT,
    "cta_url" TEXT,
    "custom_link_preview_enabled" BOOLEAN NOT NULL DEFAULT false,
    "link_preview_title" TEXT,
    "link_preview_description" TEXT,
    "card_layout" TEXT NOT NULL DEFAULT 'grid',
    "show_folder_tree" BOOLEAN NOT NULL DEFAULT true,
    "viewer_layout_preset" TEXT NOT NULL DEFAULT 'standard',
    "viewer_header_style" TEXT NOT NULL DEFAULT 'default',
    "hide_folder_icons_in_main" BOOLEAN NOT NULL DEFAULT false,
    "default_language" TEXT NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "dataroom_custom_brandings_pkey" PRIMARY KEY ("dataroom_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "teams_slug_key" ON "teams"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_provider_provider_account_id_key" ON "accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_session_token_key" ON "sessions"("session_token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_token_key" ON "verification_tokens"("token");

-- CreateIndex
CREATE UNIQUE INDEX "verification_tokens_identifier_token_key" ON "verification_tokens"("identifier", "token");

-- CreateIndex
CREATE INDEX "team_members_user_id_idx" ON "team_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_members_team_id_user_id_key" ON "team_members"("team_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");

-- CreateIndex
CREATE INDEX "invitations_team_id_idx" ON "invitations"("team_id");

-- CreateIndex
CREATE INDEX "invitations_email_idx" ON "invitations"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_public_id_key" ON "api_tokens"("public_id");

-- CreateIndex
CREATE INDEX "api_tokens_team_id_idx" ON "api_tokens"("team_id");

-- CreateIndex
CREATE INDEX "oauth_models_kind_grant_id_idx" ON "oauth_models"("kind", "grant_id");

-- CreateIndex
CREATE INDEX "oauth_models_kind_user_code_idx" ON "oauth_models"("kind", "user_code");

-- CreateIndex
CREATE INDEX "oauth_models_kind_uid_idx" ON "oauth_models"("kind", "uid");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_models_kind_id_key" ON "oauth_models"("kind", "id");

-- CreateIndex
CREATE INDEX "folders_team_id_parent_id_idx" ON "folders"("team_id", "parent_id");

-- CreateIndex
CREATE INDEX "folders_team_id_created_at_id_idx" ON "folders"("team_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "folders_team_id_path_key" ON "folders"("team_id", "path");

-- CreateIndex
CREATE INDEX "documents_team_id_created_at_id_idx" ON "documents"("team_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "documents_team_id_folder_id_created_at_id_idx" ON "documents"("team_id", "folder_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "document_versions_document_id_version_number_key" ON "document_versions"("document_id", "version_number");

-- CreateIndex
CREATE UNIQUE INDEX "uploads_storage_key_key" ON "uploads"("storage_key");

-- CreateIndex
CREATE INDEX "uploads_team_id_idx" ON "uploads"("team_id");

-- CreateIndex
CREATE INDEX "uploads_expires_at_idx" ON "uploads"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "datarooms_pid_key" ON "datarooms"("pid");

-- CreateIndex
CREATE INDEX "datarooms_team_id_created_at_id_idx" ON "datarooms"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "dataroom_folders_dataroom_id_parent_id_idx" ON "dataroom_folders"("dataroom_id", "parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "dataroom_folders_dataroom_id_path_key" ON "dataroom_folders"("dataroom_id", "path");

-- CreateIndex
CREATE INDEX "dataroom_documents_dataroom_id_folder_id_order_index_idx" ON "dataroom_documents"("dataroom_id", "folder_id", "order_index");

-- CreateIndex
CREATE INDEX "dataroom_documents_document_id_idx" ON "dataroom_documents"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "dataroom_documents_dataroom_id_document_id_key" ON "dataroom_documents"("dataroom_id", "document_id");

-- CreateIndex
CREATE INDEX "viewer_groups_dataroom_id_idx" ON "viewer_groups"("dataroom_id");

-- CreateIndex
CREATE INDEX "viewer_group_memberships_viewer_id_idx" ON "viewer_group_memberships"("viewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_group_memberships_group_id_viewer_id_key" ON "viewer_group_memberships"("group_id", "viewer_id");

-- CreateIndex
CREATE UNIQUE INDEX "viewer_group_permissions_group_id_item_id_key" ON "viewer_group_permissions"("group_id", "item_id");

-- CreateIndex
CREATE UNIQUE INDEX "links_slug_key" ON "links"("slug");

-- CreateIndex
CREATE INDEX "links_team_id_created_at_id_idx" ON "links"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "links_document_id_idx" ON "links"("document_id");

-- CreateIndex
CREATE INDEX "links_dataroom_id_idx" ON "links"("dataroom_id");

-- CreateIndex
CREATE INDEX "link_presets_team_id_created_at_id_idx" ON "link_presets"("team_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "viewers_team_id_created_at_id_idx" ON "viewers"("team_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "viewers_team_id_email_key" ON "viewers"("team_id", "email");

-- CreateIndex
CREATE INDEX "views_link_id_viewed_at_id_idx" ON "views"("link_id", "viewed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "views_document_id_viewed_at_idx" ON "views"("document_id", "viewed_at");

-- CreateIndex
CREATE INDEX "views_dataroom_id_viewed_at_idx" ON "views"("dataroom_id", "viewed_at");

-- CreateIndex
CREATE INDEX "views_viewer_id_viewed_at_id_idx" ON "views"("viewer_id", "viewed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "page_view_events_view_id_idx" ON "page_view_events"("view_id");

-- CreateIndex
CREATE INDEX "page_view_events_document_id_occurred_at_idx" ON "page_view_events"("document_id", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "image_assets_storage_key_key" ON "image_assets"("storage_key");

-- CreateIndex
CREATE INDEX "image_assets_team_id_idx" ON "image_assets"("team_id");

-- CreateIndex
CREATE INDEX "brands_team_id_created_at_id_idx" ON "brands"("team_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folders" ADD CONSTRAINT "folders_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "folders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datarooms" ADD CONSTRAINT "datarooms_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datarooms" ADD CONSTRAINT "datarooms_brand_id_fkey" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_folders" ADD CONSTRAINT "dataroom_folders_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_folders" ADD CONSTRAINT "dataroom_folders_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "dataroom_folders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_documents" ADD CONSTRAINT "dataroom_documents_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_documents" ADD CONSTRAINT "dataroom_documents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_documents" ADD CONSTRAINT "dataroom_documents_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "dataroom_folders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_groups" ADD CONSTRAINT "viewer_groups_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_group_memberships" ADD CONSTRAINT "viewer_group_memberships_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "viewer_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_group_memberships" ADD CONSTRAINT "viewer_group_memberships_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewer_group_permissions" ADD CONSTRAINT "viewer_group_permissions_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "viewer_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "viewer_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_brand_id_fkey" FOREIGN KEY ("brand_id") REFERENCES "brands"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_presets" ADD CONSTRAINT "link_presets_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewers" ADD CONSTRAINT "viewers_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "viewers" ADD CONSTRAINT "viewers_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "views" ADD CONSTRAINT "views_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "views" ADD CONSTRAINT "views_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "views" ADD CONSTRAINT "views_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "views" ADD CONSTRAINT "views_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "views" ADD CONSTRAINT "views_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "page_view_events" ADD CONSTRAINT "page_view_events_view_id_fkey" FOREIGN KEY ("view_id") REFERENCES "views"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "image_assets" ADD CONSTRAINT "image_assets_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brands" ADD CONSTRAINT "brands_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataroom_custom_brandings" ADD CONSTRAINT "dataroom_custom_brandings_dataroom_id_fkey" FOREIGN KEY ("dataroom_id") REFERENCES "datarooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: rules Prisma's schema language cannot state. Named qx_* (see schema.prisma).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Exactly one primary version per document (3.3): promotes lock the document row first.
CREATE UNIQUE INDEX "qx_document_versions_one_primary" ON "document_versions"("document_id") WHERE "is_primary";

-- Sibling folder names are unique case-insensitively, top level included.
CREATE UNIQUE INDEX "qx_folders_sibling_name" ON "folders"("team_id", "parent_id", lower("name")) NULLS NOT DISTINCT;
CREATE INDEX "qx_folders_path_prefix" ON "folders"("team_id", "path" text_pattern_ops);
CREATE UNIQUE INDEX "qx_dataroom_folders_sibling_name" ON "dataroom_folders"("dataroom_id", "parent_id", lower("name")) NULLS NOT DISTINCT;
CREATE INDEX "qx_dataroom_folders_path_prefix" ON "dataroom_folders"("dataroom_id", "path" text_pattern_ops);

-- One default brand per team, and brand names unique per team, case-insensitively.
CREATE UNIQUE INDEX "qx_brands_one_default" ON "brands"("team_id") WHERE "is_default";
CREATE UNIQUE INDEX "qx_brands_team_name" ON "brands"("team_id", lower("name"));

-- Case-insensitive substring search on document names.
CREATE INDEX "qx_documents_name_trgm" ON "documents" USING gin (lower("name") gin_trgm_ops);

-- Emails are stored lowercased so (team, email) uniqueness is case-insensitive.
ALTER TABLE "viewers" ADD CONSTRAINT "qx_viewers_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "users" ADD CONSTRAINT "qx_users_email_lower" CHECK ("email" = lower("email"));

-- Paths are derived, absolute and never end in a slash.
ALTER TABLE "folders" ADD CONSTRAINT "qx_folders_path_shape" CHECK ("path" LIKE '/_%' AND "path" NOT LIKE '%/');
ALTER TABLE "dataroom_folders" ADD CONSTRAINT "qx_dataroom_folders_path_shape" CHECK ("path" LIKE '/_%' AND "path" NOT LIKE '%/');
ALTER TABLE "document_versions" ADD CONSTRAINT "qx_document_versions_number" CHECK ("version_number" >= 1);
ALTER TABLE "documents" ADD CONSTRAINT "qx_documents_pages" CHECK ("num_pages" >= 0);
ALTER TABLE "links" ADD CONSTRAINT "qx_links_target" CHECK (("document_id" IS NULL) <> ("dataroom_id" IS NULL));
