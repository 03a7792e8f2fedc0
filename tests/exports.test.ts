// Room archives over real HTTP (DESIGN.md "Events": the room archive): queued with 202, built in
// the background, downloaded through a signed URL without a token; the zip holds every document
// under its folder path, index.csv in the room's order, audit-log.csv, qa.csv and a manifest
// that `sha256sum -c` verifies; a 300 MB room is archived while the server's memory stays flat.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { withTestDb } from './support/test-db';
import { pdfDocument } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;

beforeAll(async () => {
  [api, other] = await Promise.all(
    ['exports', 'exports-other'].map(async (t) => client((await createToken({ team: uniqueTeam(t), scopes: 'apis.all', plan: 'datarooms-plus' })).token)),
  );
});

async function finished(roomId: string, exportId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let progress = 0;
  for (;;) {
    const e = ok(await api.get(`/v1/datarooms/${roomId}/exports/${exportId}`));
    // Progress never goes back, and reads 100 only once the archive has succeeded.
    expect(e.progress).toBeGreaterThanOrEqual(progress);
    progress = e.progress;
    expect(e.progress === 100).toBe(e.status === 'succeeded');
    if (e.status === 'succeeded' || e.status === 'failed') return e;
    if (Date.now() > deadline) throw new Error(`export still ${e.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function unzipTo(zip: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-archive-'));
  fs.writeFileSync(path.join(dir, 'archive.zip'), zip);
  execFileSync('unzip', ['-q', 'archive.zip', '-d', 'out'], { cwd: dir });
  return path.join(dir, 'out');
}

const csvRows = (text: string) => text.trim().split('\r\n').map((l) => l.split(','));

describe('room archive', () => {
  it('archives a room: documents by folder path, index.csv in order, the audit log, a manifest sha256sum -c accepts', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Deal Archive' }), 201);
    const [a, b, c] = [await pdfDocument(api, 1, 'Teaser.pdf'), await pdfDocument(api, 2, 'SPA.pdf'), await pdfDocument(api, 3, 'Cap table.pdf')];
    const link = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/dataroom-guide', name: 'Guide' }), 201);
    const legal = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Legal' }), 201);
    const contracts = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Contracts', parent_id: legal.id }), 201);
    const finance = ok(await api.post(`/v1/datarooms/${room.id}/folders`, { name: 'Finance' }), 201);
    for (const [doc, folder] of [[a, null], [link, null], [b, contracts.id], [c, finance.id]] as const) {
      ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id, folder_id: folder }), 201);
    }

    const queued = await api.post(`/v1/datarooms/${room.pid}/exports`, {});
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ object: 'dataroom_export', dataroom_id: room.id, download_url: null, size: null, sha256: null, error: null, completed_at: null });
    expect(['queued', 'running', 'succeeded']).toContain(queued.body.status);
    const done = await finished(room.id, queued.body.id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.download_url).toMatch(new RegExp(`/v1/datarooms/${room.pid}/exports/${done.id}/download\\?expires=\\d+&sig=[0-9a-f]{64}$`));

    // The signed URL needs no token; the bytes are what the export says.
    const res = await fetch(done.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="Deal-Archive-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(done.size);
    expect(createHash('sha256').update(zip).digest('hex')).toBe(done.sha256);

    const out = unzipTo(zip);
    execFileSync('sha256sum', ['--quiet', '-c', 'MANIFEST.sha256'], { cwd: out });
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: out, encoding: 'utf8' }).trim().split('\n').map((f) => f.slice(2)).sort();
    expect(files).toEqual(['Finance/Cap table.pdf', 'Legal/Contracts/SPA.pdf', 'MANIFEST.sha256', 'Teaser.pdf', 'audit-log.csv', 'index.csv', 'qa.csv']);
    const manifest = fs.readFileSync(path.join(out, 'MANIFEST.sha256'), 'utf8').trim().split('\n').map((l) => l.split('  ')[1]).sort();
    expect(manifest).toEqual(files.filter((f) => f !== 'MANIFEST.sha256'));

    const index = csvRows(fs.readFileSync(path.join(out, 'index.csv'), 'utf8'));
    expect(index[0]).toEqual(['number', 'path', 'name', 'type', 'pages', 'sha256', 'url']);
    expect(index.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4]])).toEqual([
      // Folders in the room's order (Legal was created first), then the documents at the top.
      ['1', 'Legal/', 'Legal', 'folder', ''],
      ['1.1', 'Legal/Contracts/', 'Contracts', 'folder', ''],
      ['1.1.1', 'Legal/Contracts/SPA.pdf', 'SPA.pdf', 'pdf', '2'],
      ['2', 'Finance/', 'Finance', 'folder', ''],
      ['2.1', 'Finance/Cap table.pdf', 'Cap table.pdf', 'pdf', '3'],
      ['3', 'Teaser.pdf', 'Teaser.pdf', 'pdf', '1'],
      ['4', '', 'Guide', 'link', '1'],
    ]);
    const teaser = index.find((r) => r[1] === 'Teaser.pdf')!;
    expect(teaser[5]).toBe(createHash('sha256').update(fs.readFileSync(path.join(out, 'Teaser.pdf'))).digest('hex'));
    expect(index.find((r) => r[2] === 'Guide')![6]).toBe('https://example.com/dataroom-guide');

    const audit = fs.readFileSync(path.join(out, 'audit-log.csv'), 'utf8');
    expect(audit.split('\r\n')[0]).toBe('time,type,actor_type,actor_name,actor_email,actor_email_verified,item_id,item,dataroom_id,ip_address,user_agent,changes');
    for (const t of ['dataroom.created', 'dataroom.folder.created', 'dataroom.document.attached']) expect(audit).toContain(`,${t},`);
    expect(fs.readFileSync(path.join(out, 'qa.csv'), 'utf8')).toMatch(/^question_id,/);
  });

  it('refuses a tampered or foreign download URL, another team, and a token without datarooms.read', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Small' }), 201);
    const done = await finished(room.id, ok(await api.post(`/v1/datarooms/${room.id}/exports`, {}), 202).id);
    const url = new URL(done.download_url);
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetch(url)).status).toBe(404);
    url.searchParams.set('sig', sig);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1));
    expect((await fetch(url)).status).toBe(404);
    envelope(await other.get(`/v1/datarooms/${room.id}/exports/${done.id}`), 404, 'not_found');
    envelope(await other.post(`/v1/datarooms/${room.id}/exports`, {}), 404, 'not_found');
    envelope(await api.get(`/v1/datarooms/${room.id}/exports/dre_nope`), 404, 'not_found');
    const reader = client((await createToken({ team: uniqueTeam('exports-scope'), scopes: 'documents.read' })).token);
    envelope(await reader.post(`/v1/datarooms/${room.id}/exports`, {}), 403, 'forbidden');
  });

  it('archives a 300 MB room while the server’s memory stays within 150 MB of its idle level', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Big Room' }), 201);
    const seed = await pdfDocument(api, 1, 'seed.pdf');
    const files = 30;
    const each = 10 * 1024 * 1024;
    const blobs = path.join(inject('serverEnv').QUIRE_DATA_DIR, 'blobs', 'archive-test', room.id);
    fs.mkdirSync(blobs, { recursive: true });
    for (let i = 0; i < files; i++) {
      const fd = fs.openSync(path.join(blobs, `f${i}.bin`), 'w');
      for (let w = 0; w < each; w += 1024 * 1024) fs.writeSync(fd, randomBytes(1024 * 1024));
      fs.closeSync(fd);
    }
    await withTestDb(async (db) => {
      const { rows } = await db.query('SELECT team_id FROM documents WHERE id = $1', [seed.id]);
      for (let i = 0; i < files; i++) {
        const doc = `bigdoc${i}x${room.id}`;
        await db.query(
          `INSERT INTO documents (id, team_id, name, type, content_type, num_pages, file_size, updated_at) VALUES ($1, $2, $3, 'pdf', 'application/pdf', 1, $4, now())`,
          [doc, rows[0].team_id, `Part ${String(i).padStart(2, '0')}.pdf`, each],
        );
        await db.query(
          `INSERT INTO document_versions (id, document_id, version_number, is_primary, type, content_type, storage_key, num_pages, file_size) VALUES ($1, $2, 1, true, 'pdf', 'application/pdf', $3, 1, $4)`,
          [`${doc}v`, doc, `archive-test/${room.id}/f${i}.bin`, each],
        );
        await db.query(`INSERT INTO dataroom_documents (id, dataroom_id, document_id, order_index, updated_at) VALUES ($1, $2, $3, $4, now())`, [`${doc}p`, room.id, doc, i]);
      }
    });

    const rss = () => groupRssBytes(inject('serverPid'));
    // The shared server may still be working off other files' background jobs (a large sheet's
    // conversion, a long document's text): its memory is measured once they are done.
    await expect
      .poll(() => withTestDb(async (db) => (await db.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= now() AT TIME ZONE 'UTC')`)).rows[0].n), {
        timeout: 180_000,
        interval: 1_000,
      })
      .toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    const idle = rss();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
    let done;
    try {
      done = await finished(room.id, ok(await api.post(`/v1/datarooms/${room.id}/exports`, {}), 202).id, 300_000);
      const res = await fetch(done.download_url);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        size += chunk.length;
      }
      expect(size).toBe(done.size);
      expect(hash.digest('hex')).toBe(done.sha256);
    } finally {
      clearInterval(sampler);
      fs.rmSync(blobs, { recursive: true, force: true });
    }
    expect(done.status).toBe('succeeded');
    expect(done.size).toBeGreaterThan(files * each);
    console.log(`room archive of ${(done.size / 1048576).toFixed(0)} MB: server memory idle ${(idle / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB (+${((peak - idle) / 1048576).toFixed(0)} MB)`);
    expect(peak - idle).toBeLessThan(150 * 1024 * 1024);
  }, 400_000);
});

/** Resident memory of every process in the server's process group (the server and, embedded, its database). */
function groupRssBytes(pgid: number): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {}
  }
  return total;
}
