// Builds one room archive as a stream: every document's primary version under its room folder
// path, index.csv (number 1.2.3 in the room's order, path, name, type, pages, SHA-256),
// audit-log.csv (the room's events, newest first), qa.csv (questions and answers) and
// MANIFEST.sha256 (`sha256sum -c` over every other entry). Files are read as streams and the zip
// is written as a stream to blob storage, so memory stays flat whatever the room's size.
import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { db } from '../../db/client';
import { csvLine, type Cell } from '../../lib/csv';
import { safeEntryName, uniqueEntryNames } from '../../lib/zip';
import { getBlobStore } from '../../storage';
import { eachEvent } from '../events/audit-log';
import { EVENT_CSV_HEADER, eventCsvRow } from '../events/csv';
import { eachQaCsvRow, QA_CSV_HEADER } from '../questions/csv';
import { numberItems } from '../index-numbers';

type Folder = { id: string; name: string; parentId: string | null; path: string; orderIndex: number };
type Placement = {
  id: string;
  folderId: string | null;
  orderIndex: number;
  name: string;
  type: string;
  contentType: string;
  numPages: number;
  externalUrl: string | null;
  storageKey: string | null;
  fileSize?: number;
};

export type IndexRow = { number: string; path: string; name: string; type: string; pages: number | null; placement: Placement | null };

/**
 * The room in its order: at each level its folders, then its documents (each by order index),
 * with the room's index numbers (index-numbers.ts; empty when the room has them off).
 */
export function roomIndex(folders: Folder[], placements: Placement[], numbered = true): IndexRow[] {
  const numbers = numbered ? numberItems(folders, placements) : null;
  const rows: IndexRow[] = [];
  const unique = uniqueEntryNames();
  const walk = (parentId: string | null, dir: string) => {
    const subfolders = folders.filter((f) => f.parentId === parentId).sort((a, b) => a.orderIndex - b.orderIndex || (a.id < b.id ? -1 : 1));
    for (const f of subfolders) {
      const number = numbers?.get(f.id) ?? '';
      const path = `${dir}${safeEntryName(f.name)}/`;
      rows.push({ number, path, name: f.name, type: 'folder', pages: null, placement: null });
      walk(f.id, path);
    }
    for (const p of placements.filter((x) => x.folderId === parentId).sort((a, b) => a.orderIndex - b.orderIndex || (a.id < b.id ? -1 : 1))) {
      rows.push({ number: numbers?.get(p.id) ?? '', path: p.storageKey ? unique(`${dir}${p.name}`) : '', name: p.name, type: p.type, pages: p.numPages, placement: p });
    }
  };
  walk(null, '');
  return rows;
}

/** Passes bytes through and reports their SHA-256 when they end. */
function hashing(done: (hex: string, size: number) => void): Transform {
  const h = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      h.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
    flush(cb) {
      done(h.digest('hex'), size);
      cb();
    },
  });
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|csv))/;

/** `progress`: the documents' bytes read so far and in all (the CSVs that follow are small). */
export async function writeRoomArchive(
  o: { teamId: string; dataroomId: string; key: string },
  progress: (done: number, total: number) => void = () => {},
): Promise<{ size: number; sha256: string }> {
  const [folders, placements] = await Promise.all([
    db.$queryRaw<Folder[]>`SELECT id, name, parent_id AS "parentId", path, order_index AS "orderIndex" FROM dataroom_folders WHERE dataroom_id = ${o.dataroomId}`,
    db.$queryRaw<Placement[]>`
      SELECT p.id, p.folder_id AS "folderId", p.order_index AS "orderIndex", d.name, d.type, d.content_type AS "contentType",
        d.num_pages AS "numPages", d.external_url AS "externalUrl", v.storage_key AS "storageKey", COALESCE(v.file_size, 0)::float8 AS "fileSize"
      FROM dataroom_documents p
      JOIN documents d ON d.id = p.document_id
      JOIN document_versions v ON v.document_id = d.id AND v.is_primary
      WHERE p.dataroom_id = ${o.dataroomId}`,
  ]);
  const room = await db.dataroom.findUnique({ where: { id: o.dataroomId }, select: { indexNumbers: true } });
  const index = roomIndex(folders, placements, room?.indexNumbers ?? true);
  const total = placements.reduce((n, p) => n + (p.storageKey ? (p.fileSize ?? 0) : 0), 0);
  let done = 0;
  const counting = () =>
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        done += chunk.length;
        progress(done, total);
        cb(null, chunk);
      },
    });
  const store = getBlobStore();
  const digests = new Map<string, string>();
  const zip = new yazl.ZipFile();
  // Each entry's stream is opened when the zip reaches it; its digest is known once it has ended,
  // before the next entry starts, so the files written last can list every earlier digest.
  const add = (path: string, compress: boolean, open: () => Promise<Readable>) =>
    zip.addReadStreamLazy(path, { compress }, (cb) => {
      open().then(
        (s) => {
          const tap = hashing((hex) => digests.set(path, hex));
          s.on('error', (e) => tap.destroy(e));
          cb(null, s.pipe(tap));
        },
        (e) => cb(e as Error, undefined as unknown as Readable),
      );
    });
  for (const row of index) {
    const p = row.placement;
    if (!p?.storageKey) continue;
    const key = p.storageKey;
    add(row.path, COMPRESSIBLE.test(p.contentType), async () => {
      const file = Readable.fromWeb((await store.readStream(key)) as never);
      const count = counting();
      file.on('error', (e) => count.destroy(e));
      return file.pipe(count);
    });
  }
  const text = (lines: () => AsyncIterable<string> | Iterable<string>) => async () => Readable.from(lines(), { objectMode: false });
  add(
    'index.csv',
    true,
    text(function* () {
      yield csvLine(['number', 'path', 'name', 'type', 'pages', 'sha256', 'url']);
      for (const r of index) {
        const cells: Cell[] = [r.number, r.path, r.name, r.type, r.pages, r.path ? (digests.get(r.path) ?? null) : null, r.placement?.externalUrl ?? null];
        yield csvLine(cells);
      }
    }),
  );
  add(
    'audit-log.csv',
    true,
    text(async function* () {
      yield csvLine(EVENT_CSV_HEADER);
      for await (const e of eachEvent({ teamId: o.teamId }, { dataroom_id: o.dataroomId })) yield csvLine(eventCsvRow(e));
    }),
  );
  add(
    'qa.csv',
    true,
    text(async function* () {
      yield csvLine(QA_CSV_HEADER);
      for await (const row of eachQaCsvRow(o.dataroomId)) yield csvLine(row);
    }),
  );
  zip.addReadStreamLazy('MANIFEST.sha256', { compress: true }, (cb) => {
    const lines = [...digests].map(([path, hex]) => `${hex}  ${path}\n`).join('');
    cb(null, Readable.from([Buffer.from(lines)]));
  });
  zip.end();

  let result = { size: 0, sha256: '' };
  const out = new PassThrough();
  // A failing entry fails the zip, a failing upload stops the zip: either way both sides end.
  zip.on('error', (e: Error) => (zip.outputStream as Readable).destroy(e));
  const written = store.putStream(o.key, Readable.toWeb(out) as ReadableStream<Uint8Array>, 'application/zip').catch((e) => {
    (zip.outputStream as Readable).destroy(e);
    throw e;
  });
  await Promise.all([pipeline(zip.outputStream, hashing((sha256, size) => (result = { sha256, size })), out), written]);
  return result;
}
