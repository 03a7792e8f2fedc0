import { deleted } from '../../schemas/common';
import * as documents from '../../services/documents';
import { createUploadUrl } from '../../services/uploads';
import * as versions from '../../services/versions';
import { browseDocuments } from '../../services/document-browser';
import { documentPageHighlights } from '../../services/search/team';
import { memberProcedure, router, teamProcedure } from '../../trpc';
import * as s from './schemas';
import { config } from '../../config';

const tags = ['Documents'];

const versionsRouter = router({
  list: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents/{id}/versions', tags, summary: 'List versions, newest first' } })
    .input(s.ListVersionsInput)
    .output(s.VersionList)
    .query(({ ctx, input }) => versions.listVersions(ctx.actor, input.id, input)),
  create: teamProcedure('documents.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/documents/{id}/versions', tags, summary: 'Add a version (becomes primary)' } })
    .input(s.AddVersionInput)
    .output(s.DocumentVersion)
    .mutation(({ ctx, input }) => {
      const { id, ...src } = input;
      return versions.addVersion(ctx.actor, id, src as documents.DocumentSource);
    }),
  get: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents/{id}/versions/{versionId}', tags, summary: 'Get a version' } })
    .input(s.VersionIdInput)
    .output(s.DocumentVersion)
    .query(({ ctx, input }) => versions.getVersion(ctx.actor, input.id, input.versionId)),
  update: teamProcedure('documents.write')
    .meta({ openapi: { method: 'PATCH', path: '/documents/{id}/versions/{versionId}', tags, summary: 'Promote a version to primary' } })
    .input(s.PromoteVersionInput)
    .output(s.DocumentVersion)
    .mutation(({ ctx, input }) => versions.promoteVersion(ctx.actor, input.id, input.versionId)),
});

// Order matters for /v1 routing: static paths (search, upload-url) before /documents/{id}.
export const documentsRouter = router({
  list: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents', tags, summary: 'List documents, newest first' } })
    .input(s.ListDocumentsInput)
    .output(s.DocumentList)
    .query(({ ctx, input }) => documents.listDocuments(ctx.actor, input)),
  search: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents/search', tags, summary: 'Search documents by name' } })
    .input(s.SearchDocumentsInput)
    .output(s.DocumentList)
    .query(({ ctx, input }) => documents.searchDocuments(ctx.actor, input)),
  uploadUrl: teamProcedure('documents.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/documents/upload-url', tags, summary: 'Get a one-time upload URL' } })
    .input(s.UploadUrlInput)
    .output(s.UploadUrl)
    .mutation(({ ctx, input }) => createUploadUrl(ctx.actor, input, ctx.origin ?? config.appUrl)),
  create: teamProcedure('documents.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/documents', tags, summary: 'Create a document' } })
    .input(s.CreateDocumentInput)
    .output(s.Document)
    .mutation(({ ctx, input }) => documents.createDocument(ctx.actor, input as Parameters<typeof documents.createDocument>[1])),
  /** Where a search's words are on one page (dashboard only: the document page's find). */
  pageHighlights: memberProcedure
    .input(s.PageHighlightsInput)
    .query(({ ctx, input }) => documentPageHighlights(ctx.actor, input)),
  /** The library list in a chosen order (dashboard only; /v1 lists newest first). */
  browse: memberProcedure.input(s.BrowseDocumentsInput).query(({ ctx, input }) => browseDocuments(ctx.actor, input)),
  get: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents/{id}', tags, summary: 'Get a document' } })
    .input(s.DocumentIdInput)
    .output(s.Document)
    .query(({ ctx, input }) => documents.getDocument(ctx.actor, input.id)),
  update: teamProcedure('documents.write')
    .meta({ openapi: { method: 'PATCH', path: '/documents/{id}', tags, summary: 'Rename or move a document' } })
    .input(s.UpdateDocumentInput)
    .output(s.Document)
    .mutation(({ ctx, input }) => documents.updateDocument(ctx.actor, input.id, input)),
  delete: teamProcedure('documents.write')
    .meta({ openapi: { method: 'DELETE', path: '/documents/{id}', tags, summary: 'Delete a document' } })
    .input(s.DocumentIdInput)
    .output(deleted('document'))
    .mutation(({ ctx, input }) => documents.deleteDocument(ctx.actor, input.id)),
  versions: versionsRouter,
});

