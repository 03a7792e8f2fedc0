// Two instances converting the same version (DESIGN.md "Every file type viewable": a claim held
// past the longest a conversion may take, but a converter can outlive it). This process runs the
// queue's own convertOne against the test server's database and files while the server has
// already converted the version: the one that finishes second must leave the first's PDF, which
// is the document's pages, in place; for a version deleted meanwhile its PDF is removed.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, createToken, uniqueTeam, upload } from './support/api';
import { ok } from './support/docs';
import { useTestServerDatabase } from './support/in-process';
import { DOCX, docx } from './support/office';

type Queue = typeof import('../server/jobs/conversions');
type Store = ReturnType<typeof import('../server/storage').getBlobStore>;

let api: ReturnType<typeof client>;
let queue: Queue;
let store: Store;

beforeAll(async () => {
  await useTestServerDatabase();
  process.env.QUIRE_DATA_DIR = inject('serverEnv').QUIRE_DATA_DIR;
  queue = await import('../server/jobs/conversions');
  store = (await import('../server/storage')).getBlobStore();
  api = client((await createToken({ team: uniqueTeam('convert-claim'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
});

/** A converted docx: the document, its version and the version as the queue claims it. */
async function converted(name: string) {
  const d = ok(await api.post('/v1/documents', { upload_id: await upload(api, await docx(['First page', 'Second page']), DOCX, name), name }), 201);
  await expect.poll(async () => ok(await api.get(`/v1/documents/${d.id}`)).preview_status, { timeout: 90_000, interval: 250 }).toBe('ready');
  const v = ok(await api.get(`/v1/documents/${d.id}/versions`)).data[0];
  const { db } = await import('../server/db/client');
  const row = await db.documentVersion.findUniqueOrThrow({ where: { id: v.id }, select: { storageKey: true, contentType: true } });
  const claim = { id: v.id as string, documentId: d.id as string, documentName: name, storageKey: row.storageKey!, contentType: row.contentType, isPrimary: true, attempts: 1 };
  return { d, v, claim };
}

const exists = (key: string) => store.read(key).then(() => true, () => false);

describe('a conversion finished twice', { timeout: 180_000 }, () => {
  it('the second finisher leaves the PDF the first one made the pages from', async () => {
    const { d, v, claim } = await converted('Twice.docx');
    const key = queue.previewKeyFor(v.id);
    expect(await exists(key)).toBe(true);
    await queue.convertOne(claim);
    expect(await exists(key)).toBe(true);
    expect(ok(await api.get(`/v1/documents/${d.id}`))).toMatchObject({ preview_status: 'ready', preview_error: null, num_pages: 2 });
  });

  it('a version deleted while it was converted has its PDF removed', async () => {
    const { d, v, claim } = await converted('Gone.docx');
    ok(await api.del(`/v1/documents/${d.id}`));
    await queue.convertOne(claim).catch(() => {});
    expect(await exists(queue.previewKeyFor(v.id))).toBe(false);
  });

  it('a claim is held past the converter deadline and the time it may be held stopped', () => {
    expect(queue.claimHoldMs()).toBe(120_000 + 60_000 + 60_000);
  });
});
