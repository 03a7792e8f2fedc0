import { z } from 'zod';
import { cursorQuery, id, jsonInt, limitQuery, listOf } from '../../schemas/common';
import { DOCUMENT_SORTS } from '../../services/document-browser';
import { httpsUrl, name, sourceUrl } from '../../schemas/fields';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { PREVIEW_STATUSES } from '../../../lib/shared/preview-status';
import { DOCUMENT_LANGUAGES } from '../../../lib/shared/document-languages';
import { TEXT_STATUSES } from '../../services/search/text-status';
import { SEARCH_QUERY_MAX } from '../search/schemas';

export { httpsUrl, name, sourceUrl };

/** Whether the viewer can show the file's pages: Office files are `processing` until converted to PDF. */
const previewStatus = z
  .enum(PREVIEW_STATUSES)
  .describe('ready: the viewer shows it; processing: being converted to PDF; failed: it cannot be shown (preview_error says why); unavailable: no preview on this server or for this type (downloads still work).');

/** Whether the file's words are searchable (GET /v1/search). */
export const textStatus = z
  .enum(TEXT_STATUSES)
  .describe('ready: its words are searchable; processing: being read (an Office file once converted, scanned pages by OCR); none: it has no text (e.g. a scan where OCR is not installed); failed: it could not be read (text_error on the version says why); unavailable: this kind of file has no words to read (video, link).');

export const documentLanguage = z
  .enum(DOCUMENT_LANGUAGES)
  .describe("The language the document's words are stemmed in for search (simple: no stemming). Default: the team's default brand language. Changing it indexes the document again at once.");

/** What num_pages counts, for every kind of file (a video's "pages" are its 10-second segments). */
export const numPages = z
  .int()
  .describe(
    "Pages as the viewer shows them: a PDF's pages, a converted Office file's pages (1 until its conversion ends), 1 for an image, a link or a file shown only as a download. For a video (mp4, webm, mov), its 10-second segments: segment N (from (N-1)·10 s to N·10 s) is page N in page events and analytics; 1 until the video's duration is known (a file that does not state it learns it from its first play). Never null.",
  );

export const Document = z.object({
  id: z.string(),
  object: z.literal('document'),
  name: z.string(),
  type: z.string(),
  content_type: z.string(),
  url: z.string().nullable(),
  num_pages: numPages,
  preview_status: previewStatus,
  preview_error: z.string().nullable(),
  text_status: textStatus,
  language: documentLanguage,
  folder_id: z.string().nullable(),
  created: z.string(),
  updated_at: z.string(),
});

export const DocumentVersion = z.object({
  id: z.string(),
  object: z.literal('document_version'),
  document_id: z.string(),
  version_number: z.int(),
  is_primary: z.boolean(),
  type: z.string(),
  content_type: z.string(),
  num_pages: numPages,
  preview_status: previewStatus,
  preview_error: z.string().nullable(),
  text_status: textStatus,
  text_error: z.string().nullable().describe('Why the text could not be read (text_status failed), else null.'),
  file_size: z.int().nullable(),
  duration_ms: z
    .int()
    .nullable()
    .describe("A video's length in milliseconds, read from its container at upload (or, when the file does not state it, from its first play in the viewer); num_pages is then its count of 10-second segments. Null for every other file, and for a video until its length is known."),
  created: z.string(),
});

export const DocumentList = listOf(Document);
export const VersionList = listOf(DocumentVersion);

export const ListDocumentsInput = z.strictObject({
  limit: limitQuery(25),
  cursor: cursorQuery,
  folderId: z.union([z.literal('root'), id('folderId')]).optional(),
  query: z.string().min(1).max(200).optional(),
});

export const SearchDocumentsInput = z.strictObject({
  q: z.string().min(1, 'q must not be empty').max(200),
  limit: limitQuery(25),
  cursor: cursorQuery,
});

export const DocumentIdInput = z.strictObject({ id: id() });

const SOURCES = ['upload_id', 'source_url', 'external_url'] as const;

/** Exactly one source; `type` goes with external_url only. */
function oneSource(v: Record<string, unknown>, ctx: z.RefinementCtx, withType: boolean) {
  const given = SOURCES.filter((k) => v[k] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      message:
        given.length === 0
          ? 'Provide exactly one source: upload_id, source_url, or type with external_url'
          : `Provide exactly one source, not ${given.join(' and ')}`,
    });
  }
  if (!withType) return;
  if (v.external_url !== undefined && v.type === undefined) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: 'type (link or notion) is required with external_url' });
  }
  if (v.type !== undefined && v.external_url === undefined) {
    ctx.addIssue({ code: 'custom', path: ['external_url'], message: 'external_url is required with type' });
  }
}

export const CreateDocumentInput = z
  .strictObject({
    name: name.optional(),
    folder_id: id('folder_id').nullable().optional(),
    upload_id: id('upload_id').optional(),
    source_url: sourceUrl().optional(),
    type: z.enum(['link', 'notion']).optional(),
    external_url: httpsUrl().optional(),
  })
  .superRefine((v, ctx) => oneSource(v, ctx, true))
  .meta({
    description:
      'Exactly one source: `upload_id` (from POST /documents/upload-url, after the PUT), `source_url` (a public https URL the service downloads; the type is detected from the bytes), or `type` (`link` or `notion`) with `external_url`.',
  });

export const UpdateDocumentInput = z.strictObject({
  id: id(),
  name: name.optional(),
  folder_id: id('folder_id').nullable().optional(),
  language: documentLanguage.optional(),
});

export const UploadUrlInput = z.strictObject({
  content_type: z.string().min(1).max(255),
  file_name: name.optional(),
  size: jsonInt(1).optional(),
});

export const UploadUrl = z.object({
  upload_id: z.string(),
  upload_url: z.string(),
  expires_at: z.string(),
  required_headers: z.record(z.string(), z.string()),
});

export const ListVersionsInput = z.strictObject({ id: id(), limit: limitQuery(25), cursor: cursorQuery });
export const VersionIdInput = z.strictObject({ id: id(), versionId: id('versionId') });

export const AddVersionInput = z
  .strictObject({
    id: id(),
    upload_id: id('upload_id').optional(),
    source_url: sourceUrl().optional(),
    external_url: httpsUrl().optional(),
  })
  .superRefine((v, ctx) => oneSource(v, ctx, false))
  .meta({
    description: 'Exactly one source of the document\'s kind: file documents take `upload_id` or `source_url`; link and notion documents take `external_url`.',
  });

export const PromoteVersionInput = z.strictObject({
  id: id(),
  versionId: id('versionId'),
  is_primary: z.literal(true, {
    error: 'only { "is_primary": true } is supported: promote another version instead of demoting this one',
  }),
});

/** The dashboard's library list: a chosen order, keyset pages, a folder, a name filter. */
export const BrowseDocumentsInput = z.strictObject({
  sort: z.enum(DOCUMENT_SORTS).default('created_desc'),
  limit: z.int().min(1).max(100).default(50),
  cursor: cursorQuery,
  folderId: z.union([z.literal('root'), id('folderId')]).optional(),
  query: z.string().trim().min(1).max(200).optional(),
});

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Documents',
    description:
      'Documents of the team library and their versions. Files arrive in three steps: ' +
      '`POST /documents/upload-url`, a `PUT` of the bytes to the returned `upload_url`, then ' +
      '`POST /documents` with the `upload_id`.',
  },
  examples: {
    'documents-create': { name: 'Q3 board deck', folder_id: 'pfh0haxfpzowht3oi213cqos', upload_id: 'tz4a98xxat96iws9zmbrgj3a' },
    'documents-update': { name: 'Q3 board deck (final)', folder_id: null },
    'documents-uploadUrl': { content_type: 'application/pdf', file_name: 'q3-board-deck.pdf', size: 482133 },
    'documents-versions-create': { upload_id: 'nc6bzmkmd014706rfda898to' },
    'documents-versions-update': { is_primary: true },
  },
};

export const PageHighlightsInput = z.strictObject({
  id: id(),
  version_id: id('version_id').optional(),
  page: z.int().min(1).max(100_000),
  q: z.string().min(1).max(SEARCH_QUERY_MAX),
});
