import * as folders from '../../services/datarooms/folders';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Data rooms'];

export const roomFoldersRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/folders', tags, summary: 'List room folders (parent_id: root, an id, or all)' } })
    .input(s.ListRoomFoldersInput)
    .output(s.RoomFolderList)
    .query(({ ctx, input }) => folders.listRoomFolders(ctx.actor, input.id, input)),
  create: teamProcedure('datarooms.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/datarooms/{id}/folders', tags, summary: 'Create a room folder' } })
    .input(s.CreateRoomFolderInput)
    .output(s.RoomFolder)
    .mutation(({ ctx, input }) => folders.createRoomFolder(ctx.actor, input.id, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/folders/{folderId}', tags, summary: 'Get a room folder' } })
    .input(s.RoomFolderIdInput)
    .output(s.RoomFolder)
    .query(({ ctx, input }) => folders.getRoomFolder(ctx.actor, input.id, input.folderId)),
  update: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/datarooms/{id}/folders/{folderId}', tags, summary: 'Rename a room folder, set its icon and colour, or reorder it among its siblings (order_index)' } })
    .input(s.UpdateRoomFolderInput)
    .output(s.RoomFolder)
    .mutation(({ ctx, input }) => folders.updateRoomFolder(ctx.actor, input.id, input.folderId, input)),
  move: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'POST', path: '/datarooms/{id}/folders/{folderId}/move', tags, summary: 'Move a room folder (parent_id null = top level)' } })
    .input(s.MoveRoomFolderInput)
    .output(s.RoomFolder)
    .mutation(({ ctx, input }) => folders.moveRoomFolder(ctx.actor, input.id, input.folderId, input.parent_id, input.order_index)),
  delete: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'DELETE', path: '/datarooms/{id}/folders/{folderId}', tags, summary: 'Delete a room folder (cascade=true when not empty)' } })
    .input(s.DeleteRoomFolderInput)
    .output(s.deleted('dataroom_folder'))
    .mutation(({ ctx, input }) => folders.deleteRoomFolder(ctx.actor, input.id, input.folderId, input.cascade === 'true')),
});
