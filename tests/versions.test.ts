// Document versions over real HTTP (spec 2.3, 3.3; DESIGN "versions"): newest first, exactly one
// primary, a new version or a promote demotes the previous primary in the same transaction, the
// document follows its primary, and concurrent promotes and adds stay consistent.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, createToken, envelope, upload, uniqueTeam } from './support/api';
import { ISO, VERSION_KEYS, fixture, ok, pdfBytes, walk } from './support/docs';

type Api = ReturnType<typeof client>;
let api: Api;

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('versions'), scopes: 'documents.read,documents.write' })).token);
});

async function fileDocument(pages = 3) {
  return ok(await api.post('/v1/documents', { upload_id: await upload(api, await pdfBytes(pages), 'application/pdf', 'v1.pdf') }), 201);
}

async function versions(docId: string) {
  return (await walk(api.get, `/v1/documents/${docId}/versions?limit=100`)).items;
}

function onePrimary(list: any[]) {
  const primaries = list.filter((v) => v.is_primary);
  expect(primaries, JSON.stringify(list.map((v) => [v.version_number, v.is_primary]))).toHaveLength(1);
  return primaries[0];
}

describe('file documents', () => {
  let doc: any;
  let v1: any;
  let v2: any;
  let v3: any;

  beforeAll(async () => {
    doc = await fileDocument(3);
  });

  it('a new document has one primary version 1 with the spec shape', async () => {
    const list = await versions(doc.id);
    expect(list).toHaveLength(1);
    v1 = list[0];
    expect(Object.keys(v1).sort()).toEqual(VERSION_KEYS);
    expect(v1).toMatchObject({
      object: 'document_version',
      document_id: doc.id,
      version_number: 1,
      is_primary: true,
      type: 'pdf',
      content_type: 'application/pdf',
      num_pages: 3,
    });
    expect(v1.file_size).toBeGreaterThan(0);
    expect(v1.created).toMatch(ISO);
    expect(JSON.stringify(v1)).not.toMatch(/files\/|storage|hash/i);
  });

  it('POST a version from source_url: it becomes primary, the previous is demoted, the document follows', async () => {
    const r = await api.post(`/v1/documents/${doc.id}/versions`, { source_url: fixture('/mislabelled.pdf') });
    v2 = ok(r, 201);
    expect(Object.keys(v2).sort()).toEqual(VERSION_KEYS);
    expect(v2).toMatchObject({ document_id: doc.id, version_number: 2, is_primary: true, type: 'pdf', num_pages: 2 });
    const list = await versions(doc.id);
    expect(list.map((v) => [v.version_number, v.is_primary])).toEqual([
      [2, true],
      [1, false],
    ]);
    const d = ok(await api.get(`/v1/documents/${doc.id}`));
    expect(d).toMatchObject({ num_pages: 2, type: 'pdf', content_type: 'application/pdf', name: doc.name });
  });

  it('POST a version from an upload_id of another type: the document type follows the primary', async () => {
    const id = await upload(api, Buffer.from('plain words\n'), 'text/plain', 'notes.txt');
    v3 = ok(await api.post(`/v1/documents/${doc.id}/versions`, { upload_id: id }), 201);
    expect(v3).toMatchObject({ version_number: 3, is_primary: true, type: 'text', content_type: 'text/plain', num_pages: 1 });
    expect(ok(await api.get(`/v1/documents/${doc.id}`))).toMatchObject({ type: 'text', content_type: 'text/plain', num_pages: 1 });
    // The upload is spent.
    envelope(await api.post(`/v1/documents/${doc.id}/versions`, { upload_id: id }), 409, 'conflict');
    envelope(await api.post('/v1/documents', { upload_id: id }), 409, 'conflict');
  });

  it('lists newest first and pages with limit and cursor', async () => {
    const { items, pages } = await walk(api.get, `/v1/documents/${doc.id}/versions?limit=1`);
    expect(pages).toBe(3);
    expect(items.map((v) => v.version_number)).toEqual([3, 2, 1]);
    onePrimary(items);
  });

  it('GET one version', async () => {
    expect(ok(await api.get(`/v1/documents/${doc.id}/versions/${v1.id}`))).toEqual({ ...v1, is_primary: false });
    envelope(await api.get(`/v1/documents/${doc.id}/versions/no-such-version`), 404, 'not_found');
  });

  it('PATCH {is_primary: true} promotes and the document follows; promoting the primary is a no-op', async () => {
    const p = ok(await api.patch(`/v1/documents/${doc.id}/versions/${v1.id}`, { is_primary: true }));
    expect(p).toMatchObject({ id: v1.id, version_number: 1, is_primary: true, num_pages: 3 });
    const list = await versions(doc.id);
    expect(onePrimary(list).id).toBe(v1.id);
    expect(ok(await api.get(`/v1/documents/${doc.id}`))).toMatchObject({ type: 'pdf', content_type: 'application/pdf', num_pages: 3 });
    const again = ok(await api.patch(`/v1/documents/${doc.id}/versions/${v1.id}`, { is_primary: true }));
    expect(again.is_primary).toBe(true);
    expect(onePrimary(await versions(doc.id)).id).toBe(v1.id);
  });

  it('only {is_primary: true} is a valid PATCH body', async () => {
    for (const body of [
      { is_primary: false },
      {},
      { is_primary: true, version_number: 9 },
      { is_primary: true, extra: 1 },
      { is_primary: 'true' },
      { is_primary: 1 },
      { is_primary: null },
    ]) {
      envelope(await api.patch(`/v1/documents/${doc.id}/versions/${v2.id}`, body), 422, 'unprocessable_entity');
    }
    const e = envelope(await api.patch(`/v1/documents/${doc.id}/versions/${v1.id}`, { is_primary: true, extra: 1 }), 422, 'unprocessable_entity');
    expect(e.details.formErrors[0]).toContain('extra');
    // Nothing changed.
    expect(onePrimary(await versions(doc.id)).id).toBe(v1.id);
  });

  it('a file document refuses external_url versions and bad sources', async () => {
    const e = envelope(await api.post(`/v1/documents/${doc.id}/versions`, { external_url: 'https://example.com/' }), 422, 'unprocessable_entity');
    expect(e.details.fieldErrors.external_url).toBeTruthy();
    envelope(await api.post(`/v1/documents/${doc.id}/versions`, {}), 422, 'unprocessable_entity');
    envelope(
      await api.post(`/v1/documents/${doc.id}/versions`, { source_url: fixture('/deck.pdf'), upload_id: 'x' }),
      422,
      'unprocessable_entity',
    );
    envelope(await api.post(`/v1/documents/${doc.id}/versions`, { source_url: fixture('/fake.pdf') }), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/documents/${doc.id}/versions`, { source_url: 'http://example.com/a.pdf' }), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/documents/${doc.id}/versions`, { type: 'link', external_url: 'https://example.com/' }), 422, 'unprocessable_entity');
    expect(await versions(doc.id)).toHaveLength(3);
  });

  it('a version of a document that does not exist is 404', async () => {
    envelope(await api.get('/v1/documents/no-such-doc/versions'), 404, 'not_found');
    envelope(await api.post('/v1/documents/no-such-doc/versions', { source_url: fixture('/deck.pdf') }), 404, 'not_found');
    envelope(await api.patch(`/v1/documents/no-such-doc/versions/${v1.id}`, { is_primary: true }), 404, 'not_found');
  });

  it('a version is reachable only under its own document', async () => {
    const other = await fileDocument(1);
    envelope(await api.get(`/v1/documents/${other.id}/versions/${v1.id}`), 404, 'not_found');
    envelope(await api.patch(`/v1/documents/${other.id}/versions/${v1.id}`, { is_primary: true }), 404, 'not_found');
    onePrimary(await versions(other.id));
    expect(onePrimary(await versions(doc.id)).id).toBe(v1.id);
  });
});

describe('link and notion documents', () => {
  it('take external_url versions only; the document url follows the primary', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/one' }), 201);
    const v2 = ok(await api.post(`/v1/documents/${d.id}/versions`, { external_url: 'https://example.com/two' }), 201);
    expect(v2).toMatchObject({ version_number: 2, is_primary: true, type: 'link', file_size: null });
    expect(ok(await api.get(`/v1/documents/${d.id}`)).url).toBe('https://example.com/two');

    const v1 = (await versions(d.id)).find((v) => v.version_number === 1);
    ok(await api.patch(`/v1/documents/${d.id}/versions/${v1.id}`, { is_primary: true }));
    expect(ok(await api.get(`/v1/documents/${d.id}`)).url).toBe('https://example.com/one');

    envelope(await api.post(`/v1/documents/${d.id}/versions`, { source_url: fixture('/deck.pdf') }), 422, 'unprocessable_entity');
    const id = await upload(api, await pdfBytes(1), 'application/pdf', 'x.pdf');
    envelope(await api.post(`/v1/documents/${d.id}/versions`, { upload_id: id }), 422, 'unprocessable_entity');
    envelope(await api.post(`/v1/documents/${d.id}/versions`, { external_url: 'http://example.com/three' }), 422, 'unprocessable_entity');
    expect(await versions(d.id)).toHaveLength(2);
    // The refused upload was not spent.
    ok(await api.post('/v1/documents', { upload_id: id }), 201);
  });

  it('a notion document keeps the notion host rule for new versions', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'notion', external_url: 'https://www.notion.so/a-1' }), 201);
    ok(await api.post(`/v1/documents/${d.id}/versions`, { external_url: 'https://team.notion.site/b-2' }), 201);
    const e = envelope(await api.post(`/v1/documents/${d.id}/versions`, { external_url: 'https://example.com/c' }), 422, 'unprocessable_entity');
    expect(e.details.fieldErrors.external_url).toBeTruthy();
    expect(ok(await api.get(`/v1/documents/${d.id}`))).toMatchObject({ type: 'notion', url: 'https://team.notion.site/b-2' });
  });
});

describe('concurrency', () => {
  it('20 concurrent promotes of different versions all succeed and leave exactly one primary', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/v/0' }), 201);
    const urlOf = new Map<string, string>();
    for (let i = 1; i < 20; i++) {
      const v = ok(await api.post(`/v1/documents/${d.id}/versions`, { external_url: `https://example.com/v/${i}` }), 201);
      urlOf.set(v.id, `https://example.com/v/${i}`);
    }
    const all = await versions(d.id);
    expect(all).toHaveLength(20);
    urlOf.set(all.find((v) => v.version_number === 1).id, 'https://example.com/v/0');

    const rs = await Promise.all(all.map((v) => api.patch(`/v1/documents/${d.id}/versions/${v.id}`, { is_primary: true })));
    for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of rs) expect(r.body.is_primary).toBe(true);

    const after = await versions(d.id);
    const primary = onePrimary(after);
    // The document describes whichever promote committed last.
    expect(ok(await api.get(`/v1/documents/${d.id}`)).url).toBe(urlOf.get(primary.id));
  });

  it('concurrent version adds get distinct version numbers and one primary', async () => {
    const d = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/add/0' }), 201);
    const rs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post(`/v1/documents/${d.id}/versions`, { external_url: `https://example.com/add/${i + 1}` })),
    );
    for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const numbers = rs.map((r) => r.body.version_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const list = await versions(d.id);
    expect(list.map((v) => v.version_number)).toEqual(Array.from({ length: 13 }, (_, i) => 13 - i));
    expect(onePrimary(list).version_number).toBe(13);
  });

  it('adds and promotes racing each other still leave exactly one primary', async () => {
    const d = await fileDocument(1);
    const first = (await versions(d.id))[0];
    const ops = [];
    for (let i = 0; i < 6; i++) {
      ops.push(api.post(`/v1/documents/${d.id}/versions`, { source_url: fixture('/deck.pdf') }));
      ops.push(api.patch(`/v1/documents/${d.id}/versions/${first.id}`, { is_primary: true }));
    }
    const rs = await Promise.all(ops);
    for (const r of rs) expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    const list = await versions(d.id);
    expect(list).toHaveLength(7);
    const primary = onePrimary(list);
    expect(ok(await api.get(`/v1/documents/${d.id}`)).num_pages).toBe(primary.num_pages);
  });
});

/** Stored document files of the test server (local blob store under its data dir); the viewer's page-image cache (renders/) is not counted. */
function blobCount(): number {
  const root = path.join(inject('serverEnv').QUIRE_DATA_DIR, 'blobs');
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp') && !path.relative(root, e.parentPath).startsWith('renders'))
    .length;
}

describe('files', () => {
  it('deleting a document deletes every version file, even while versions are being added', async () => {
    const before = blobCount();
    for (let round = 0; round < 4; round++) {
      const d = ok(await api.post('/v1/documents', { source_url: fixture('/deck.pdf') }), 201);
      ok(await api.post(`/v1/documents/${d.id}/versions`, { source_url: fixture('/mislabelled.pdf') }), 201);
      expect(blobCount()).toBe(before + 2);
      const rs = await Promise.all([
        ...Array.from({ length: 4 }, () => api.post(`/v1/documents/${d.id}/versions`, { source_url: fixture('/deck.pdf') })),
        api.del(`/v1/documents/${d.id}`),
        ...Array.from({ length: 4 }, () => api.post(`/v1/documents/${d.id}/versions`, { source_url: fixture('/deck.pdf') })),
      ]);
      for (const r of rs) expect([200, 201, 404], JSON.stringify(r.body)).toContain(r.status);
      envelope(await api.get(`/v1/documents/${d.id}`), 404, 'not_found');
      expect(blobCount(), `round ${round}`).toBe(before);
    }
  });
});

