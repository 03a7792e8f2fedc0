import * as documents from '../../services/datarooms/documents';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Data rooms'];

export const roomDocumentsRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/documents', tags, summary: 'List the room’s documents (by folder, then order)' } })
    .input(s.ListRoomDocumentsInput)
    .output(s.RoomDocumentList)
    .query(({ ctx, input }) => documents.listRoomDocuments(ctx.actor, input.id, input)),
  attach: teamProcedure('datarooms.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/datarooms/{id}/documents', tags, summary: 'Attach a library document' } })
    .input(s.AttachDocumentInput)
    .output(s.RoomDocument)
    .mutation(({ ctx, input }) => documents.attachDocument(ctx.actor, input.id, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/documents/{ddId}', tags, summary: 'Get a room document' } })
    .input(s.RoomDocumentIdInput)
    .output(s.RoomDocument)
    .query(({ ctx, input }) => documents.getRoomDocument(ctx.actor, input.id, input.ddId)),
  move: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/datarooms/{id}/documents/{ddId}', tags, summary: 'Move to a folder (null = root) or reorder' } })
    .input(s.MoveRoomDocumentInput)
    .output(s.RoomDocument)
    .mutation(({ ctx, input }) => documents.moveRoomDocument(ctx.actor, input.id, input.ddId, input)),
  detach: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'DELETE', path: '/datarooms/{id}/documents/{ddId}', tags, summary: 'Detach (the library document stays)' } })
    .input(s.RoomDocumentIdInput)
    .output(s.deleted('dataroom_document'))
    .mutation(({ ctx, input }) => documents.detachDocument(ctx.actor, input.id, input.ddId)),
});
