// Object-level authorization (OWASP API1; DESIGN "404 for anything of another team"): every
// document, version, upload and folder route given another team's ids answers 404 not_found,
// changes nothing, and lists never show the other team's data.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, upload, uniqueTeam } from './support/api';
import { ok, pdfBytes, walk } from './support/docs';

type Api = ReturnType<typeof client>;
let a: Api; // the caller
let b: Api; // the other team, owner of everything probed
const mine: Record<string, any> = {};
const theirs: Record<string, any> = {};
const SECRET = 'Zebra-secret-name';

beforeAll(async () => {
  const [ta, tb] = await Promise.all([
    createToken({ team: uniqueTeam('xteam-a'), scopes: 'apis.all' }),
    createToken({ team: uniqueTeam('xteam-b'), scopes: 'apis.all' }),
  ]);
  a = client(ta.token);
  b = client(tb.token);

  theirs.folder = ok(await b.post('/v1/folders', { name: SECRET }), 201);
  theirs.child = ok(await b.post('/v1/folders', { name: 'Child', parent_id: theirs.folder.id }), 201);
  theirs.doc = ok(
    await b.post('/v1/documents', {
      upload_id: await upload(b, await pdfBytes(2), 'application/pdf', `${SECRET}.pdf`),
      folder_id: theirs.folder.id,
    }),
    201,
  );
  theirs.version = ok(await b.get(`/v1/documents/${theirs.doc.id}/versions`)).data[0];
  theirs.link = ok(await b.post('/v1/documents', { type: 'link', external_url: 'https://example.com/b', name: `${SECRET} link` }), 201);
  theirs.uploadId = await upload(b, await pdfBytes(1), 'application/pdf', 'b-upload.pdf');

  mine.folder = ok(await a.post('/v1/folders', { name: 'Mine' }), 201);
  mine.doc = ok(await a.post('/v1/documents', { type: 'link', external_url: 'https://example.com/a', name: 'Mine' }), 201);
  mine.version = ok(await a.get(`/v1/documents/${mine.doc.id}/versions`)).data[0];
  mine.fileDoc = ok(await a.post('/v1/documents', { upload_id: await upload(a, await pdfBytes(1), 'application/pdf', 'a.pdf') }), 201);
});

describe('another team’s ids are 404 on every route', () => {
  it('documents', async () => {
    const d = theirs.doc.id;
    for (const [method, path, body] of [
      ['GET', `/v1/documents/${d}`, undefined],
      ['PATCH', `/v1/documents/${d}`, { name: 'hijacked' }],
      ['PATCH', `/v1/documents/${d}`, { folder_id: null }],
      ['PATCH', `/v1/documents/${d}`, {}],
      ['DELETE', `/v1/documents/${d}`, undefined],
    ] as const) {
      envelope(await a.call(method, path, body), 404, 'not_found');
    }
  });

  it('versions', async () => {
    const d = theirs.doc.id;
    const v = theirs.version.id;
    for (const [method, path, body] of [
      ['GET', `/v1/documents/${d}/versions`, undefined],
      ['POST', `/v1/documents/${d}/versions`, { source_url: 'https://example.com/x.pdf' }],
      ['POST', `/v1/documents/${d}/versions`, { upload_id: theirs.uploadId }],
      ['POST', `/v1/documents/${theirs.link.id}/versions`, { external_url: 'https://example.com/hijack' }],
      ['GET', `/v1/documents/${d}/versions/${v}`, undefined],
      ['PATCH', `/v1/documents/${d}/versions/${v}`, { is_primary: true }],
      // Their version under my document.
      ['GET', `/v1/documents/${mine.doc.id}/versions/${v}`, undefined],
      ['PATCH', `/v1/documents/${mine.doc.id}/versions/${v}`, { is_primary: true }],
      // My version under their document.
      ['GET', `/v1/documents/${d}/versions/${mine.version.id}`, undefined],
      ['PATCH', `/v1/documents/${d}/versions/${mine.version.id}`, { is_primary: true }],
    ] as const) {
      envelope(await a.call(method, path, body), 404, 'not_found');
    }
  });

  it('their upload_id cannot become my document or version', async () => {
    envelope(await a.post('/v1/documents', { upload_id: theirs.uploadId }), 404, 'not_found');
    envelope(await a.post(`/v1/documents/${mine.fileDoc.id}/versions`, { upload_id: theirs.uploadId }), 404, 'not_found');
    // It is still theirs to use.
    ok(await b.post('/v1/documents', { upload_id: theirs.uploadId }), 201);
  });

  it('their folder cannot hold my documents or folders', async () => {
    const f = theirs.folder.id;
    for (const [method, path, body] of [
      ['POST', '/v1/documents', { type: 'link', external_url: 'https://example.com/', folder_id: f }],
      ['PATCH', `/v1/documents/${mine.doc.id}`, { folder_id: f }],
      ['POST', '/v1/folders', { name: 'Intruder', parent_id: f }],
      ['POST', `/v1/folders/${mine.folder.id}/move`, { parent_id: f }],
      ['GET', `/v1/documents?folderId=${f}`, undefined],
      ['GET', `/v1/folders?parent_id=${f}`, undefined],
    ] as const) {
      envelope(await a.call(method, path, body), 404, 'not_found');
    }
  });

  it('folders', async () => {
    const f = theirs.folder.id;
    for (const [method, path, body] of [
      ['GET', `/v1/folders/${f}`, undefined],
      ['PATCH', `/v1/folders/${f}`, { name: 'hijacked' }],
      ['PATCH', `/v1/folders/${f}`, { color: '#000000' }],
      ['POST', `/v1/folders/${f}/move`, { parent_id: null }],
      ['POST', `/v1/folders/${theirs.child.id}/move`, { parent_id: null }],
      ['POST', `/v1/folders/${theirs.child.id}/move`, { parent_id: mine.folder.id }],
      ['DELETE', `/v1/folders/${f}`, undefined],
      ['DELETE', `/v1/folders/${f}?cascade=true`, undefined],
    ] as const) {
      envelope(await a.call(method, path, body), 404, 'not_found');
    }
  });

  it('nothing of theirs changed', async () => {
    expect(ok(await b.get(`/v1/documents/${theirs.doc.id}`))).toEqual(theirs.doc);
    expect(ok(await b.get(`/v1/documents/${theirs.link.id}`))).toEqual(theirs.link);
    const versions = ok(await b.get(`/v1/documents/${theirs.doc.id}/versions`)).data;
    expect(versions).toEqual([theirs.version]);
    expect(ok(await b.get(`/v1/documents/${theirs.link.id}/versions`)).data).toHaveLength(1);
    const folder = ok(await b.get(`/v1/folders/${theirs.folder.id}`));
    expect(folder).toMatchObject({ name: SECRET, color: null, document_count: 1, child_folder_count: 1, path: theirs.folder.path });
    expect(ok(await b.get(`/v1/folders/${theirs.child.id}`))).toMatchObject({ parent_id: theirs.folder.id, path: theirs.child.path });
    // And mine stayed where it was.
    expect(ok(await a.get(`/v1/folders/${mine.folder.id}`))).toMatchObject({ parent_id: null, path: '/mine', child_folder_count: 0 });
    expect(ok(await a.get(`/v1/documents/${mine.doc.id}`)).folder_id).toBeNull();
  });
});

describe('lists never show the other team’s data', () => {
  it('documents, search, folders', async () => {
    const theirIds = new Set([theirs.doc.id, theirs.link.id, theirs.folder.id, theirs.child.id]);
    const lists = [
      await walk(a.get, '/v1/documents?limit=100'),
      await walk(a.get, '/v1/documents?folderId=root&limit=100'),
      await walk(a.get, `/v1/documents?query=${encodeURIComponent(SECRET)}`),
      await walk(a.get, `/v1/documents/search?q=${encodeURIComponent(SECRET)}`),
      await walk(a.get, '/v1/documents/search?q=e'),
      await walk(a.get, '/v1/folders?limit=100'),
      await walk(a.get, '/v1/folders?parent_id=root'),
    ];
    for (const { items } of lists) {
      for (const item of items) expect(theirIds.has(item.id)).toBe(false);
      expect(JSON.stringify(items)).not.toContain(SECRET);
    }
    expect(lists[2].items).toEqual([]);
    expect(lists[3].items).toEqual([]);
    // Their own view is complete, which makes the empty answers above meaningful.
    const theirSearch = ok(await b.get(`/v1/documents/search?q=${encodeURIComponent(SECRET)}`)).data.map((d: any) => d.id);
    expect(theirSearch.sort()).toEqual([theirs.doc.id, theirs.link.id].sort());
    expect(ok(await b.get('/v1/folders')).data.map((f: any) => f.id).sort()).toEqual([theirs.folder.id, theirs.child.id].sort());
  });

  it('the same folder name in both teams does not collide', async () => {
    const mineTwin = ok(await a.post('/v1/folders', { name: SECRET }), 201);
    expect(mineTwin).toMatchObject({ name: SECRET, path: theirs.folder.path });
  });
});
