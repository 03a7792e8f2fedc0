// The room's permission matrix: the dashboard's grid (groups × folders and documents) and the bulk
// PUT of up to 5,000 cells (DESIGN.md "Room power tools").
import * as matrix from '../../services/datarooms/permission-matrix';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Data rooms'];

export const roomPermissionsRouter = router({
  // Dashboard only: the whole grid in one answer (per group one string of cells).
  matrix: teamProcedure('datarooms.read')
    .input(s.DataroomIdInput)
    .query(({ ctx, input }) => matrix.permissionMatrix(ctx.actor, input.id)),
  update: teamProcedure('datarooms.write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/datarooms/{id}/permissions',
        tags,
        summary: 'Set many groups’ permissions at once (up to 5,000 changes, all or none)',
        description:
          'Each change sets one group’s rights on one folder or document of the room: `can_view`, and `can_download` (which needs `can_view`). ' +
          'All changes apply in one transaction, or none: an unknown or foreign `group_id` or `item_id`, an `item_type` that is not the item’s, ' +
          'or more than 5,000 changes is 422 and changes nothing. As with a group’s own PUT, the folders above anything made visible become visible. ' +
          'One `dataroom.permissions.updated` event per group whose rights changed.',
      },
    })
    .input(s.SetPermissionMatrixInput)
    .output(s.PermissionMatrixResult)
    .mutation(({ ctx, input }) => matrix.applyMatrix(ctx.actor, input.id, input.changes)),
});
