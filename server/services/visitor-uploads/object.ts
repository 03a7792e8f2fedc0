// The visitor upload as /v1 returns it (DESIGN.md "Room power tools"), and as its uploader sees it
// in the viewer (their own uploads only: no team member's identity).
import type { VisitorUpload } from '../../db/generated/client';
import { iso } from '../../schemas/common';

export function toVisitorUpload(u: VisitorUpload) {
  return {
    id: u.id,
    object: 'visitor_upload' as const,
    dataroom_id: u.dataroomId,
    folder_id: u.folderId,
    name: u.name,
    content_type: u.contentType,
    size: Number(u.size),
    uploaded_by: { visitor_id: u.visitorId, email: u.email },
    status: u.status,
    reason: u.reason,
    document_id: u.documentId,
    created: iso(u.createdAt),
    decided_at: u.decidedAt ? iso(u.decidedAt) : null,
  };
}

export type VisitorUploadObject = ReturnType<typeof toVisitorUpload>;

/** What the uploader sees of their own upload in the viewer. */
export function toOwnUpload(u: VisitorUpload) {
  return {
    id: u.id,
    folder_id: u.folderId,
    name: u.name,
    content_type: u.contentType,
    size: Number(u.size),
    status: u.status,
    reason: u.reason,
    created: iso(u.createdAt),
    decided_at: u.decidedAt ? iso(u.decidedAt) : null,
  };
}

export type OwnUpload = ReturnType<typeof toOwnUpload>;
