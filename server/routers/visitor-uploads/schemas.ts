import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { qaText } from '../questions/schemas';

const status = z.enum(['pending', 'approved', 'rejected']);

export const VisitorUpload = z.object({
  id: z.string(),
  object: z.literal('visitor_upload'),
  dataroom_id: z.string(),
  folder_id: z.string().nullable().describe('The room folder it was sent to; null when that folder has since been deleted'),
  name: z.string(),
  content_type: z.string().describe('Detected from the bytes, as for any upload'),
  size: z.int(),
  uploaded_by: z.object({ visitor_id: z.string(), email: z.string() }),
  status: status.describe('pending: seen only by its uploader and the team; approved: a room document (document_id); rejected: with a reason'),
  reason: z.string().nullable().describe('Why it was rejected, shown to the uploader'),
  document_id: z.string().nullable().describe('The library document it became when approved'),
  created: z.string(),
  decided_at: z.string().nullable(),
});
export const VisitorUploadList = listOf(VisitorUpload);

export const ListVisitorUploadsInput = z.strictObject({
  id: id('data room id'),
  status: status.optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const VisitorUploadIdInput = z.strictObject({ id: id('visitor upload id') });
export const ApproveVisitorUploadInput = z.strictObject({
  id: id('visitor upload id'),
  name: z.string().trim().min(1, 'must not be empty').max(255).optional().describe('The document’s name; the uploaded file’s name when left out'),
});
export const RejectVisitorUploadInput = z.strictObject({ id: id('visitor upload id'), reason: qaText(2000).describe('Shown and mailed to the uploader') });

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Visitor uploads',
    description:
      'Files visitors upload into room folders that accept uploads (`accepts_uploads` on the folder, `can_upload` on the group’s ' +
      'permission). Each waits as `pending`, seen by its uploader and the team only, until approved (it becomes a room document in ' +
      'that folder) or rejected with a reason the uploader sees. Scopes `datarooms.read` / `datarooms.write`.',
  },
  examples: {
    'visitorUploads-approve': {},
    'visitorUploads-reject': { reason: 'Please send the signed version of this agreement.' },
  },
};
