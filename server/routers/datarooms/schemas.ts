import { z } from 'zod';
import { folderFields } from '../folders/schemas';
import { cursorQuery, deleted, id, jsonBool, jsonInt, limitQuery, listOf } from '../../schemas/common';
import { color, icon, ipAllowList, name } from '../../schemas/fields';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { numPages } from '../documents/schemas';

const text = (max: number) => z.string().trim().max(max).regex(/^[^\u0000]*$/, 'must not contain NUL characters');
const defaultPermission = z.enum(['inherit', 'hidden']);
/** A room id: the internal id or the public `dr_` id. */
const roomId = id('data room id');
const qaLimit = jsonInt(1, 1000);

export const Dataroom = z.object({
  id: z.string(),
  object: z.literal('dataroom'),
  pid: z.string(),
  name: z.string(),
  internal_name: z.string().nullable(),
  description: z.string().nullable(),
  document_count: z.int(),
  folder_count: z.int(),
  allow_bulk_download: z.boolean(),
  is_frozen: z.boolean(),
  default_permission: defaultPermission,
  qa_enabled: z.boolean().describe('Visitors with a verified email may ask questions (Room Q&A)'),
  qa_limit_per_visitor_per_day: z.int().describe('Questions one visitor may ask in any 24 hours'),
  ip_allow_list: z.array(z.string()).describe('IPv4/IPv6 CIDRs every visitor of the room\'s links must come from; empty allows any address'),
  index_numbers: z.boolean().describe('Folders and documents carry index numbers ("1.2.3") for the team and visitors; when false every index_number is null'),
  created: z.string(),
  updated_at: z.string(),
});
export const DataroomList = listOf(Dataroom);

export const ListDataroomsInput = z.strictObject({ limit: limitQuery(25), cursor: cursorQuery });
export const DataroomIdInput = z.strictObject({ id: roomId });
export const CreateDataroomInput = z.strictObject({
  name,
  internal_name: name.nullable().optional(),
  description: text(5000).nullable().optional(),
  allow_bulk_download: jsonBool().optional(),
  default_permission: defaultPermission.optional(),
  qa_enabled: jsonBool().optional(),
  qa_limit_per_visitor_per_day: qaLimit.optional(),
  ip_allow_list: ipAllowList.optional(),
  index_numbers: jsonBool().optional(),
});
export const UpdateDataroomInput = z.strictObject({
  id: roomId,
  name: name.optional(),
  internal_name: name.nullable().optional(),
  description: text(5000).nullable().optional(),
  allow_bulk_download: jsonBool().optional(),
  default_permission: defaultPermission.optional(),
  qa_enabled: jsonBool().optional(),
  qa_limit_per_visitor_per_day: qaLimit.optional(),
  ip_allow_list: ipAllowList.optional(),
  index_numbers: jsonBool().optional(),
  is_frozen: jsonBool().optional(),
});

const indexNumber = z
  .string()
  .nullable()
  .describe('The item\'s number in the room ("1.2.3": within a folder its subfolders first, then its documents, each by order_index); null when the room has index_numbers off')
;

export const RoomIndexInput = z.strictObject({
  id: roomId,
  format: z.enum(['csv', 'xlsx', 'pdf']).optional(),
  group_id: id('group_id').optional(),
});

export const ViewAsInput = z.strictObject({ id: roomId, group_id: id('group_id').optional(), link_id: id('link_id').optional() });

// Room documents
export const RoomDocument = z.object({
  id: z.string(),
  object: z.literal('dataroom_document'),
  document_id: z.string(),
  document_name: z.string(),
  content_type: z.string(),
  num_pages: numPages,
  folder_id: z.string().nullable(),
  folder_path: z.string().nullable(),
  order_index: z.int(),
  index_number: indexNumber,
  created: z.string(),
});
export const RoomDocumentList = listOf(RoomDocument);
export const ListRoomDocumentsInput = z.strictObject({
  id: roomId,
  folder_id: z.union([z.literal('root'), id('folder_id')]).optional(),
  limit: limitQuery(50),
  cursor: cursorQuery,
});
export const AttachDocumentInput = z.strictObject({ id: roomId, document_id: id('document_id'), folder_id: id('folder_id').nullable().optional() });
export const RoomDocumentIdInput = z.strictObject({ id: roomId, ddId: id('ddId') });
export const MoveRoomDocumentInput = z
  .strictObject({ id: roomId, ddId: id('ddId'), folder_id: id('folder_id').nullable().optional(), order_index: jsonInt(0, 1_000_000).optional() })
  .refine((v) => v.folder_id !== undefined || v.order_index !== undefined, { message: 'give folder_id, order_index or both' });

// Room folders
export const RoomFolder = z.object({
  id: z.string(),
  object: z.literal('dataroom_folder'),
  dataroom_id: z.string(),
  ...folderFields,
  order_index: z.int().describe('Its place among its parent\'s folders, dense from 0'),
  index_number: indexNumber,
  accepts_uploads: z.boolean().describe('Visitors of groups with can_upload on this folder may upload files into it, for the team’s approval'),
});
export const RoomFolderList = listOf(RoomFolder);
export const ListRoomFoldersInput = z.strictObject({
  id: roomId,
  parent_id: z.union([z.literal('root'), id('parent_id')]).optional(),
  limit: limitQuery(100),
  cursor: cursorQuery,
});
export const RoomFolderIdInput = z.strictObject({ id: roomId, folderId: id('folderId') });
export const CreateRoomFolderInput = z.strictObject({
  id: roomId,
  name,
  parent_id: id('parent_id').nullable().optional(),
  icon: icon.nullable().optional(),
  color: color.nullable().optional(),
  accepts_uploads: jsonBool().optional(),
});
export const UpdateRoomFolderInput = z.strictObject({
  id: roomId,
  folderId: id('folderId'),
  name: name.optional(),
  icon: icon.nullable().optional(),
  color: color.nullable().optional(),
  accepts_uploads: jsonBool().optional(),
  order_index: jsonInt(0, 1_000_000).optional(),
});
export const MoveRoomFolderInput = z.strictObject({
  id: roomId,
  folderId: id('folderId'),
  parent_id: id('parent_id').nullable(),
  order_index: jsonInt(0, 1_000_000).optional(),
});
export const DeleteRoomFolderInput = z.strictObject({ id: roomId, folderId: id('folderId'), cascade: z.enum(['true', 'false']).optional() });

// Groups
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a bare domain name like fund.example');
export const Group = z.object({
  id: z.string(),
  object: z.literal('dataroom_group'),
  dataroom_id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  allow_all: z.boolean(),
  member_count: z.int(),
  created: z.string(),
  updated_at: z.string(),
});
export const GroupList = listOf(Group);
export const GroupIdInput = z.strictObject({ id: roomId, groupId: id('groupId') });
export const CreateGroupInput = z.strictObject({ id: roomId, name, domains: z.array(domain).max(100).optional(), allow_all: jsonBool().optional() });
export const UpdateGroupInput = z.strictObject({
  id: roomId,
  groupId: id('groupId'),
  name: name.optional(),
  domains: z.array(domain).max(100).optional(),
  allow_all: jsonBool().optional(),
});

// Members
/** Lower-cased; a bad address is named in the error. */
const memberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: (iss) => `"${String(iss.input).slice(0, 100)}" is not a valid email address` }));
export const Member = z.object({
  id: z.string(),
  object: z.literal('dataroom_group_member'),
  group_id: z.string(),
  visitor_id: z.string(),
  email: z.string(),
  created: z.string(),
});
export const MemberList = listOf(Member);
export const AddMembersInput = z.strictObject({
  id: roomId,
  groupId: id('groupId'),
  emails: z.array(memberEmail).min(1, 'give at least one email').max(500, 'at most 500 emails per call'),
});
export const AddMembersResult = z.object({ data: z.array(Member) });
export const MemberIdInput = z.strictObject({ id: roomId, groupId: id('groupId'), membershipId: id('membershipId') });

// Permissions
export const Permission = z.object({
  item_id: z.string(),
  item_type: z.enum(['dataroom_document', 'dataroom_folder']),
  can_view: z.boolean(),
  can_download: z.boolean(),
  can_upload: z.boolean().describe('Folders only: the group’s visitors may upload into the folder when it accepts uploads'),
});
export const PermissionList = listOf(Permission);
export const SetPermissionsInput = z.strictObject({
  id: roomId,
  groupId: id('groupId'),
  permissions: z
    .array(z.strictObject({ item_id: id('item_id'), can_view: jsonBool().optional(), can_download: jsonBool().optional(), can_upload: jsonBool().optional() }))
    .min(1, 'give at least one permission')
    .max(5000),
});
/** PUT /datarooms/{id}/permissions: the matrix's cells, for several groups at once. */
export const SetPermissionMatrixInput = z.strictObject({
  id: roomId,
  changes: z
    .array(
      z.strictObject({
        group_id: id('group_id'),
        item_type: z.enum(['dataroom_document', 'dataroom_folder']),
        item_id: id('item_id'),
        can_view: jsonBool(),
        can_download: jsonBool(),
      }),
    )
    .min(1, 'give at least one change')
    .max(5000, 'at most 5,000 changes per request'),
});
export const PermissionMatrixResult = z.object({
  object: z.literal('dataroom_permissions_update'),
  dataroom_id: z.string(),
  applied: z.int().describe('Changes applied (all of the request)'),
  groups: z.array(z.object({ group_id: z.string(), changes: z.int() })).describe('Per group named, how many changes it received'),
});
/** The dashboard's folder switch (no /v1 route: the API's delta keeps its semantics). */
export const SetFolderVisibilityInput = z.strictObject({ id: roomId, groupId: id('groupId'), folderId: id('folderId'), visible: z.boolean() });

export { deleted };

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  examples: {
    'datarooms-create': { name: 'Project Falcon', internal_name: 'Falcon — Series B', allow_bulk_download: false, default_permission: 'inherit' },
    'datarooms-update': { description: 'Due diligence for the Series B.', is_frozen: true, qa_enabled: true, qa_limit_per_visitor_per_day: 20 },
    'datarooms-documents-attach': { document_id: 'kk2rq86em6n1ipl73scqsqd8', folder_id: null },
    'datarooms-documents-move': { folder_id: 'q0c5e8sdn3wq0x1m7cx3v2hr', order_index: 0 },
    'datarooms-folders-create': { name: 'Financials', parent_id: null },
    'datarooms-folders-update': { name: 'Financials 2026', icon: 'chart', color: '#059669' },
    'datarooms-folders-move': { parent_id: null, order_index: 0 },
    'datarooms-groups-create': { name: 'Investors', domains: ['fund.example'], allow_all: false },
    'datarooms-groups-update': { allow_all: true },
    'datarooms-groups-members-add': { emails: ['ada@fund.example', 'grace@fund.example'] },
    'datarooms-groups-permissions-set': { permissions: [{ item_id: 'q0c5e8sdn3wq0x1m7cx3v2hr', can_view: true, can_download: false }] },
    'datarooms-permissions-update': {
      changes: [
        { group_id: 'g3k9x0m2q8w7e6r5t4y3u2i1', item_type: 'dataroom_folder', item_id: 'q0c5e8sdn3wq0x1m7cx3v2hr', can_view: true, can_download: true },
        { group_id: 'g8h7j6k5l4z3x2c1v0b9n8m7', item_type: 'dataroom_document', item_id: 'd4f5g6h7j8k9l0z1x2c3v4b5', can_view: false, can_download: false },
      ],
    },
    'datarooms-branding-update': { mode: 'team_brand', brand_id: 'b7x0m3ksl1q2w9e8r7t6y5u4' },
  },
};
