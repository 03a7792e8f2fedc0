// The room's index as a file (DESIGN.md "Room power tools"): the whole tree in the room's order
// (index, path, name, type, pages, size, updated) as CSV, an Excel workbook (exceljs) or a PDF in
// the room's brand colour (pdf-lib with the watermark's embedded font, so any name prints).
// `group_id` gives one group's view: the items come from the viewer's own roomTree, so the
// group's rules are never written twice; numbers are the room's (gaps where items are hidden).
import ExcelJS from 'exceljs';
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { csvLine } from '../../lib/csv';
import { roomTree, type RoomTree } from '../visitor/content';
import { visitorBranding } from '../branding/effective';
import { readImageAt } from '../branding/images';
import { findGroup } from './permissions';
import { findRoom } from './rooms';
import { drawIndexPdf } from './index-pdf';

export type IndexFormat = 'csv' | 'xlsx' | 'pdf';

export type IndexRow = {
  index: string | null;
  /** The item's folder path in names ("Financials / Q1"); '' at the top level. */
  path: string;
  name: string;
  type: string;
  pages: number | null;
  size: number | null;
  updated: string;
  depth: number;
};

export const INDEX_COLUMNS = ['index', 'path', 'name', 'type', 'pages', 'size', 'updated'] as const;

/** The tree's rows in the room's order: at each level its folders, then its documents. */
export function indexRows(tree: RoomTree, updated: Map<string, string>): IndexRow[] {
  const rows: IndexRow[] = [];
  const walk = (parentId: string | null, names: string[]) => {
    for (const f of tree.folders.filter((x) => x.parentId === parentId)) {
      rows.push({ index: f.indexNumber ?? null, path: names.join(' / '), name: f.name, type: 'folder', pages: null, size: null, updated: updated.get(f.id) ?? '', depth: names.length });
      walk(f.id, [...names, f.name]);
    }
    for (const d of tree.documents.filter((x) => x.folderId === parentId)) {
      rows.push({
        index: d.indexNumber ?? null,
        path: names.join(' / '),
        name: d.name,
        type: d.type,
        pages: d.numPages,
        size: d.fileSize === null ? null : Math.round(d.fileSize),
        updated: updated.get(d.placementId!) ?? '',
        depth: names.length,
      });
    }
  };
  walk(null, []);
  return rows;
}

/** The rows of a room's index, for the team (`groupId`: as that group's visitors see the room). */
export async function roomIndex(actor: Actor, roomId: string, groupId?: string) {
  const room = await findRoom(db, actor, roomId);
  const group = groupId ? await findGroup(db, room, groupId) : null;
  const tree = await roomTree({ dataroomId: room.id, audienceType: group ? 'group' : 'general', groupId: group?.id ?? null, allowDownload: false });
  if (!tree) return { room, group, rows: [] as IndexRow[] };
  // When each item last changed: a folder's own row, a document's library document.
  const stamps = await db.$queryRaw<{ id: string; updated: Date }[]>`
    SELECT id, updated_at AS updated FROM dataroom_folders WHERE dataroom_id = ${room.id}
    UNION ALL
    SELECT p.id, GREATEST(p.updated_at, d.updated_at) FROM dataroom_documents p JOIN documents d ON d.id = p.document_id WHERE p.dataroom_id = ${room.id}`;
  const updated = new Map(stamps.map((s) => [s.id, s.updated.toISOString()]));
  return { room, group, rows: indexRows(tree, updated) };
}

const cells = (r: IndexRow) => [r.index, r.path, r.name, r.type, r.pages, r.size, r.updated];

export function indexCsv(rows: IndexRow[]): Buffer {
  return Buffer.from([csvLine([...INDEX_COLUMNS]), ...rows.map((r) => csvLine(cells(r)))].join(''));
}

export async function indexXlsx(rows: IndexRow[], title: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Quire';
  wb.created = new Date(0);
  const ws = wb.addWorksheet('Index', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Index', key: 'index', width: 10 },
    { header: 'Path', key: 'path', width: 36 },
    { header: 'Name', key: 'name', width: 48 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Pages', key: 'pages', width: 8 },
    { header: 'Size (bytes)', key: 'size', width: 14 },
    { header: 'Updated', key: 'updated', width: 22 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    // Names go in as text, never as formulas (exceljs writes a string value as a string cell).
    const row = ws.addRow({ ...r, updated: r.updated ? new Date(r.updated) : null });
    if (r.type === 'folder') row.font = { bold: true };
    row.getCell('name').alignment = { indent: r.depth };
  }
  ws.getColumn('updated').numFmt = 'yyyy-mm-dd hh:mm';
  ws.autoFilter = { from: 'A1', to: 'G1' };
  wb.title = title;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const CONTENT_TYPES: Record<IndexFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const fileStem = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'room';

async function indexPdf(room: { id: string; teamId: string; name: string; indexNumbers: boolean }, group: { name: string } | null, rows: IndexRow[]) {
  const branding = await visitorBranding({ teamId: room.teamId, dataroomId: room.id });
  return drawIndexPdf({
    roomName: room.name,
    subtitle: group ? `As the group "${group.name}" sees it` : 'Every folder and document',
    brandColor: branding.brand_color,
    // The brand's own logo only: the service's default is not an uploaded image and reads as null.
    logo: branding.logo_url ? await readImageAt(branding.logo_url) : null,
    rows,
    numbered: room.indexNumbers,
  });
}

/** The index file: its bytes, type and a file name. */
export async function roomIndexFile(actor: Actor, roomId: string, format: IndexFormat, groupId?: string) {
  const { room, group, rows } = await roomIndex(actor, roomId, groupId);
  const title = group ? `${room.name} — index as ${group.name} sees it` : `${room.name} — index`;
  const bytes =
    format === 'csv'
      ? indexCsv(rows)
      : format === 'xlsx'
        ? await indexXlsx(rows, title)
        : await indexPdf(room, group, rows);
  const name = `${fileStem(room.name)}-index${group ? `-${fileStem(group.name)}` : ''}.${format}`;
  return { bytes: new Uint8Array(bytes), contentType: CONTENT_TYPES[format], fileName: name };
}
