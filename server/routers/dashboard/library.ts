import { z } from 'zod';
import { router } from '../../trpc';
import { cursorQuery, id } from '../../schemas/common';
import { browseDocuments, DOCUMENT_SORTS } from '../../services/documentBrowser';
import { memberProcedure } from './procedures';

export const browseDocumentsInput = z.strictObject({
  sort: z.enum(DOCUMENT_SORTS).default('created_desc'),
  limit: z.int().min(1).max(100).default(50),
  cursor: cursorQuery,
  folderId: z.union([z.literal('root'), id('folderId')]).optional(),
  query: z.string().trim().min(1).max(200).optional(),
});

export const libraryRouter = router({
  /** documents.list with a choice of order (dashboard only; /v1 lists newest first). */
  documents: memberProcedure.input(browseDocumentsInput).query(({ ctx, input }) => browseDocuments(ctx.actor.teamId, input)),
});
