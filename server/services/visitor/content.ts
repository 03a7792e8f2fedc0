// What a link shows: its document (the primary version), or its room's tree filtered by the
// group's permissions, and each room document a visitor opens. The document always comes from
// the link (and, in a room, from the placement and the group's row for it), never from the
// request. General room links show every item, downloadable when the link allows downloads.
import { sqlRows } from '../../db/sql';
import type { ViewerLink } from './links';
import { watermarkRefusal } from './watermarked-download';
import { numberItems, numberOf } from '../index-numbers';

export type ShownDocument = {
  documentId: string;
  /** The room placement (room links). */
  placementId: string | null;
  folderId: string | null;
  name: string;
  type: string;
  contentType: string;
  externalUrl: string | null;
  versionId: string;
  numPages: number;
  storageKey: string | null;
  fileSize: number | null;
  /** The first page's shown size, for placeholders of the right shape; null when unknown. */
  pageWidth: number | null;
  pageHeight: number | null;
  /** ready | processing | failed | unavailable, and why not; previewKey: an Office file's converted PDF. */
  previewStatus: string;
  previewError: string | null;
  previewKey: string | null;
  canDownload: boolean;
  /** Downloads are allowed, but the link's watermark cannot go on this file (a video): why it is not downloadable. */
  downloadRefusal?: string | null;
  /** In a room's tree: the room's number for it ("2.1"), or null when the room shows none. */
  indexNumber?: string | null;
};

const DOC_COLUMNS = `d.id AS "documentId", d.name, d.type, v.id AS "versionId", v.content_type AS "contentType",
  v.external_url AS "externalUrl", v.storage_key AS "storageKey", v.num_pages AS "numPages", v.file_size::float8 AS "fileSize",
  v.page_width AS "pageWidth", v.page_height AS "pageHeight",
  v.preview_status AS "previewStatus", v.preview_error AS "previewError", v.preview_key AS "previewKey"`;

/**
 * A converted spreadsheet's sheet per page (document_versions.page_sheets), for the viewer's page
 * label; null for anything else. `doc` is what the link already shows (its checks are done).
 */
export async function pageSheetsOf(doc: Pick<ShownDocument, 'versionId' | 'type' | 'previewKey'>): Promise<(string | null)[] | null> {
  if (doc.type !== 'sheet' || !doc.previewKey) return null;
  const [row] = await sqlRows<{ sheets: unknown }>(`SELECT page_sheets AS sheets FROM document_versions WHERE id = $1`, [doc.versionId]);
  return Array.isArray(row?.sheets) ? row.sheets.map((s) => (typeof s === 'string' ? s : null)) : null;
}

/** Only stored files can be downloaded (link and Notion documents are addresses). */
const downloadable = (d: { storageKey: string | null }) => d.storageKey !== null;

type WatermarkedLink = Partial<Pick<ViewerLink, 'watermarkConfig'>>;

/** Whether `d` may be downloaded when the link or group allows it: on a watermarked link, only as a watermarked PDF. */
function downloadRight(link: WatermarkedLink, allowed: boolean, d: Omit<ShownDocument, 'canDownload' | 'placementId' | 'folderId'>) {
  if (!allowed || !downloadable(d)) return { canDownload: false, downloadRefusal: null };
  const why = link.watermarkConfig ? watermarkRefusal(d) : null;
  return { canDownload: !why, downloadRefusal: why };
}

/** A document link's document, as it is now. */
export async function linkDocument(link: Pick<ViewerLink, 'documentId' | 'teamId' | 'allowDownload' | 'primary'> & WatermarkedLink): Promise<ShownDocument | null> {
  if (!link.documentId) return null;
  // Read with the link itself when it came from loadViewerState.
  if (link.primary !== undefined) {
    const d = link.primary;
    return d ? { ...d, placementId: null, folderId: null, ...downloadRight(link, link.allowDownload, d) } : null;
  }
  const rows = await sqlRows<Omit<ShownDocument, 'placementId' | 'folderId' | 'canDownload'>>(
    `SELECT ${DOC_COLUMNS} FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.is_primary
     WHERE d.id = $1 AND d.team_id = $2`,
    [link.documentId, link.teamId],
  );
  const d = rows[0];
  return d ? { ...d, placementId: null, folderId: null, ...downloadRight(link, link.allowDownload, d) } : null;
}

type PlacementRow = Omit<ShownDocument, 'canDownload'> & { orderIndex: number; canView: boolean | null; canDownloadRow: boolean | null };

const PLACEMENT_SQL = (where: string) => `
  SELECT p.id AS "placementId", p.folder_id AS "folderId", p.order_index AS "orderIndex", ${DOC_COLUMNS},
    perm.can_view AS "canView", perm.can_download AS "canDownloadRow"
  FROM dataroom_documents p
  JOIN documents d ON d.id = p.document_id
  JOIN document_versions v ON v.document_id = d.id AND v.is_primary
  LEFT JOIN viewer_group_permissions perm ON perm.group_id = $2 AND perm.item_id = p.id
  WHERE p.dataroom_id = $1 ${where}`;

function shown(link: TreeAudience, r: PlacementRow): ShownDocument | null {
  const { orderIndex: _o, canView, canDownloadRow, ...doc } = r;
  if (link.audienceType === 'group') {
    // Items without a row, or with can_view off, do not exist for the group's visitors.
    if (!canView) return null;
    return { ...doc, ...downloadRight(link, !!canDownloadRow, doc) };
  }
  return { ...doc, ...downloadRight(link, link.allowDownload, doc) };
}

/** A room document (by placement id) this link's visitors may open; null when it is not there or not visible. */
export async function roomDocument(link: ViewerLink, placementId: string): Promise<ShownDocument | null> {
  if (!link.dataroomId || !/^[A-Za-z0-9_-]{1,64}$/.test(placementId)) return null;
  const rows = await sqlRows<PlacementRow>(PLACEMENT_SQL('AND p.id = $3'), [link.dataroomId, link.groupId, placementId]);
  return rows[0] ? shown(link, rows[0]) : null;
}

export type TreeFolder = { id: string; name: string; parentId: string | null; path: string; indexNumber?: string | null };
export type RoomTree = {
  room: { id: string; name: string; description: string | null; allowBulkDownload: boolean; indexNumbers?: boolean };
  folders: TreeFolder[];
  documents: ShownDocument[];
};
/** What the room page draws of a tree (the branding preview sends only this to the dashboard). */
export type RoomTreeView = Omit<RoomTree, 'documents'> & {
  documents: (Pick<ShownDocument, 'placementId' | 'folderId' | 'name' | 'type' | 'contentType' | 'numPages' | 'canDownload' | 'storageKey' | 'pageWidth' | 'pageHeight'> & Partial<Pick<ShownDocument, 'previewKey' | 'indexNumber'>>)[];
};
/** The link settings a room's tree depends on. */
export type TreeAudience = Pick<ViewerLink, 'dataroomId' | 'audienceType' | 'groupId' | 'allowDownload'> & WatermarkedLink;

/**
 * The room as this link's visitors see it. Group links: the documents with can_view, the
 * folders with can_view, and every folder on the way to one of them (a folder that holds an
 * individually visible document shows, even without its own row). Folders in their order (subfolders
 * by order_index), every item with the room's index number (numbered over the whole room, so a
 * group's visitors and the team name an item alike).
 */
export async function roomTree(link: TreeAudience): Promise<RoomTree | null> {
  if (!link.dataroomId) return null;
  const [rooms, allFolders, placements, folderPerms] = await Promise.all([
    sqlRows<RoomTree['room']>(
      `SELECT id, name, description, allow_bulk_download AS "allowBulkDownload", index_numbers AS "indexNumbers" FROM datarooms WHERE id = $1 AND deleted_at IS NULL`,
      [link.dataroomId],
    ),
    sqlRows<TreeFolder & { orderIndex: number }>(
      `SELECT id, name, parent_id AS "parentId", path, order_index AS "orderIndex" FROM dataroom_folders WHERE dataroom_id = $1 ORDER BY order_index, path`,
      [link.dataroomId],
    ),
    sqlRows<PlacementRow>(PLACEMENT_SQL('ORDER BY p.folder_id NULLS FIRST, p.order_index, p.id'), [link.dataroomId, link.groupId]),
    link.audienceType === 'group'
      ? sqlRows<{ itemId: string }>(`SELECT item_id AS "itemId" FROM viewer_group_permissions WHERE group_id = $1 AND item_type = 'dataroom_folder' AND can_view`, [link.groupId])
      : Promise.resolve(null),
  ]);
  const room = rooms[0];
  if (!room) return null;
  const numbers = room.indexNumbers ? numberItems(allFolders, placements.map((p) => ({ id: p.placementId!, folderId: p.folderId, orderIndex: p.orderIndex }))) : null;
  const folders = allFolders.map(({ orderIndex: _o, ...f }) => ({ ...f, indexNumber: numberOf(numbers, f.id) }));
  const documents = placements
    .map((p) => shown(link, p))
    .filter((d): d is ShownDocument => d !== null)
    .map((d) => ({ ...d, indexNumber: numberOf(numbers, d.placementId!) }));
  if (!folderPerms) return { room, folders, documents };
  const byId = new Map(folders.map((f) => [f.id, f]));
  const visible = new Set<string>();
  const withAncestors = (id: string | null) => {
    for (let f = id ? byId.get(id) : undefined; f && !visible.has(f.id); f = f.parentId ? byId.get(f.parentId) : undefined) visible.add(f.id);
  };
  for (const p of folderPerms) withAncestors(p.itemId);
  for (const d of documents) withAncestors(d.folderId);
  return { room, folders: folders.filter((f) => visible.has(f.id)), documents };
}
