// Data rooms and everything in them (spec 2.5, 2.6, 3.4, 4.4; DESIGN.md "Data rooms").
import * as rooms from '../../services/datarooms/rooms';
import { roomIndexFile } from '../../services/datarooms/index-export';
import { viewAs } from '../../services/datarooms/view-as';
import { router, teamProcedure } from '../../trpc';
import { roomBrandingRouter } from './branding';
import { roomDocumentsRouter } from './documents';
import { roomExportsRouter } from './exports';
import { roomFoldersRouter } from './folders';
import { roomGroupsRouter } from './groups';
import { roomPermissionsRouter } from './permissions';
import * as s from './schemas';

const tags = ['Data rooms'];

export const dataroomsRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms', tags, summary: 'List data rooms, newest first' } })
    .input(s.ListDataroomsInput)
    .output(s.DataroomList)
    .query(({ ctx, input }) => rooms.listDatarooms(ctx.actor, input)),
  create: teamProcedure('datarooms.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/datarooms', tags, summary: 'Create a data room' } })
    .input(s.CreateDataroomInput)
    .output(s.Dataroom)
    .mutation(({ ctx, input }) => rooms.createDataroom(ctx.actor, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}', tags, summary: 'Get a data room (id or dr_ id)' } })
    .input(s.DataroomIdInput)
    .output(s.Dataroom)
    .query(({ ctx, input }) => rooms.getDataroom(ctx.actor, input.id)),
  update: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/datarooms/{id}', tags, summary: 'Update a data room (is_frozen freezes it)' } })
    .input(s.UpdateDataroomInput)
    .output(s.Dataroom)
    .mutation(({ ctx, input }) => rooms.updateDataroom(ctx.actor, input.id, input)),
  delete: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'DELETE', path: '/datarooms/{id}', tags, summary: 'Delete a data room (library documents stay)' } })
    .input(s.DataroomIdInput)
    .output(s.deleted('dataroom'))
    .mutation(({ ctx, input }) => rooms.deleteDataroom(ctx.actor, input.id)),
  // The index file's bytes: /v1's GET /datarooms/{id}/index (server/rest/index-route.ts) and the
  // dashboard's download route answer them; no openapi meta (tRPC's JSON cannot carry bytes).
  indexFile: teamProcedure('datarooms.read')
    .input(s.RoomIndexInput)
    .query(({ ctx, input }) => roomIndexFile(ctx.actor, input.id, input.format ?? 'csv', input.group_id)),
  // Dashboard only: the room as a group's or a link's visitors see it (nothing is recorded).
  viewAs: teamProcedure('datarooms.read')
    .input(s.ViewAsInput)
    .query(({ ctx, input }) => viewAs(ctx.actor, input)),
  documents: roomDocumentsRouter,
  folders: roomFoldersRouter,
  groups: roomGroupsRouter,
  permissions: roomPermissionsRouter,
  branding: roomBrandingRouter,
  exports: roomExportsRouter,
});
