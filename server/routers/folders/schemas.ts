import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import { color, icon, name } from '../../schemas/fields';

export const Folder = z.object({
  id: z.string(),
  object: z.literal('folder'),
  name: z.string(),
  parent_id: z.string().nullable(),
  path: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  document_count: z.int(),
  child_folder_count: z.int(),
  created: z.string(),
  updated_at: z.string(),
});
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
