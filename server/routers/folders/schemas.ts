import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import { color, icon, name } from '../../schemas/fields';
import type { ResourceDocs } from '../../openapi/resource-docs';

/** A folder's fields, a library's or a room's alike (services/folder-tree.ts folderFields). */
export const folderFields = {
  name: z.string(),
  parent_id: z.string().nullable(),
  path: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  document_count: z.int(),
  child_folder_count: z.int(),
  created: z.string(),
  updated_at: z.string(),
};
export const Folder = z.object({ id: z.string(), object: z.literal('folder'), ...folderFields });
export const FolderList = listOf(Folder);


export const ListFoldersInput = z.strictObject({
  limit: limitQuery(50),
  cursor: cursorQuery,
  parent_id: z.union([z.literal('root'), id('parent_id')]).optional(),
});
export const FolderIdInput = z.strictObject({ id: id() });
export const CreateFolderInput = z.strictObject({
  name,
  parent_id: id('parent_id').nullable().optional(),
  icon: icon.nullable().optional(),
  color: color.nullable().optional(),
});
export const UpdateFolderInput = z.strictObject({
  id: id(),
  name: name.optional(),
  icon: icon.nullable().optional(),
  color: color.nullable().optional(),
});
export const MoveFolderInput = z.strictObject({ id: id(), parent_id: id('parent_id').nullable() });
export const DeleteFolderInput = z.strictObject({ id: id(), cascade: z.enum(['true', 'false']).optional() });

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Folders',
    description:
      'Team-library folders. `path` is derived from the names of the folder and its ancestors.',
  },
  examples: {
    'folders-create': { name: 'Board meetings', parent_id: null },
    'folders-update': { name: 'Board meetings 2026', icon: 'calendar', color: '#4f46e5' },
    'folders-move': { parent_id: 'pfh0haxfpzowht3oi213cqos' },
  },
};
