import * as groups from '../../services/datarooms/groups';
import * as permissions from '../../services/datarooms/permissions';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Data rooms'];

export const roomGroupsRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/groups', tags, summary: 'List viewer groups' } })
    .input(s.DataroomIdInput)
    .output(s.GroupList)
    .query(({ ctx, input }) => groups.listGroups(ctx.actor, input.id)),
  create: teamProcedure('datarooms.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/datarooms/{id}/groups', tags, summary: 'Create a viewer group' } })
    .input(s.CreateGroupInput)
    .output(s.Group)
    .mutation(({ ctx, input }) => groups.createGroup(ctx.actor, input.id, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/groups/{groupId}', tags, summary: 'Get a viewer group' } })
    .input(s.GroupIdInput)
    .output(s.Group)
    .query(({ ctx, input }) => groups.getGroup(ctx.actor, input.id, input.groupId)),
  update: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/datarooms/{id}/groups/{groupId}', tags, summary: 'Update a viewer group (partial)' } })
    .input(s.UpdateGroupInput)
    .output(s.Group)
    .mutation(({ ctx, input }) => groups.updateGroup(ctx.actor, input.id, input.groupId, input)),
  delete: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'DELETE', path: '/datarooms/{id}/groups/{groupId}', tags, summary: 'Delete a group, its members, permissions and links' } })
    .input(s.GroupIdInput)
    .output(s.deleted('dataroom_group'))
    .mutation(({ ctx, input }) => groups.deleteGroup(ctx.actor, input.id, input.groupId)),
  members: router({
    list: teamProcedure('datarooms.read')
      .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/groups/{groupId}/members', tags, summary: 'List explicit members' } })
      .input(s.GroupIdInput)
      .output(s.MemberList)
      .query(({ ctx, input }) => groups.listMembers(ctx.actor, input.id, input.groupId)),
    add: teamProcedure('datarooms.write')
      .meta({ openapi: { method: 'POST', path: '/datarooms/{id}/groups/{groupId}/members', tags, summary: 'Add members by email (up to 500; idempotent)' } })
      .input(s.AddMembersInput)
      .output(s.AddMembersResult)
      .mutation(({ ctx, input }) => groups.addMembers(ctx.actor, input.id, input.groupId, input.emails)),
    remove: teamProcedure('datarooms.write')
      .meta({ openapi: { method: 'DELETE', path: '/datarooms/{id}/groups/{groupId}/members/{membershipId}', tags, summary: 'Remove a member (the visitor stays)' } })
      .input(s.MemberIdInput)
      .output(s.deleted('dataroom_group_member'))
      .mutation(({ ctx, input }) => groups.removeMember(ctx.actor, input.id, input.groupId, input.membershipId)),
  }),
  permissions: router({
    list: teamProcedure('datarooms.read')
      .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/groups/{groupId}/permissions', tags, summary: 'List the group’s permissions' } })
      .input(s.GroupIdInput)
      .output(s.PermissionList)
      .query(({ ctx, input }) => permissions.listPermissions(ctx.actor, input.id, input.groupId)),
    set: teamProcedure('datarooms.write')
      .meta({ openapi: { method: 'PUT', path: '/datarooms/{id}/groups/{groupId}/permissions', tags, summary: 'Set permissions (delta upsert)' } })
      .input(s.SetPermissionsInput)
      .output(s.PermissionList)
      .mutation(({ ctx, input }) => permissions.setPermissions(ctx.actor, input.id, input.groupId, input.permissions)),
    // Dashboard only: a folder and everything inside it at once.
    setFolderVisibility: teamProcedure('datarooms.write')
      .input(s.SetFolderVisibilityInput)
      .output(s.PermissionList)
      .mutation(({ ctx, input }) => permissions.setFolderVisibility(ctx.actor, input.id, input.groupId, input.folderId, input.visible)),
  }),
});
