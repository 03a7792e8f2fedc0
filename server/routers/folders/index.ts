import { deleted } from '../../schemas/common';
import * as folders from '../../services/folders';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Folders'];

export const foldersRouter = router({
  list: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/folders', tags, summary: 'List library folders (by path)' } })
    .input(s.ListFoldersInput)
    .output(s.FolderList)
    .query(({ ctx, input }) => folders.listFolders(ctx.actor, input)),
  create: teamProcedure('documents.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/folders', tags, summary: 'Create a folder' } })
    .input(s.CreateFolderInput)
    .output(s.Folder)
    .mutation(({ ctx, input }) => folders.createFolder(ctx.actor, input)),
  get: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/folders/{id}', tags, summary: 'Get a folder' } })
    .input(s.FolderIdInput)
    .output(s.Folder)
    .query(({ ctx, input }) => folders.getFolder(ctx.actor, input.id)),
  update: teamProcedure('documents.write')
    .meta({ openapi: { method: 'PATCH', path: '/folders/{id}', tags, summary: 'Rename a folder or set its icon and colour' } })
    .input(s.UpdateFolderInput)
    .output(s.Folder)
    .mutation(({ ctx, input }) => folders.updateFolder(ctx.actor, input.id, input)),
  move: teamProcedure('documents.write')
    .meta({ openapi: { method: 'POST', path: '/folders/{id}/move', tags, summary: 'Move a folder under another parent (null = top level)' } })
    .input(s.MoveFolderInput)
    .output(s.Folder)
    .mutation(({ ctx, input }) => folders.moveFolder(ctx.actor, input.id, input.parent_id)),
  delete: teamProcedure('documents.write')
    .meta({ openapi: { method: 'DELETE', path: '/folders/{id}', tags, summary: 'Delete a folder (cascade=true when not empty)' } })
    .input(s.DeleteFolderInput)
    .output(deleted('folder'))
    .mutation(({ ctx, input }) => folders.deleteFolder(ctx.actor, input.id, input.cascade === 'true')),
});
