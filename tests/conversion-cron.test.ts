// The conversion queue on Vercel (issue 22): no instance polls there, so Vercel Cron calls
// /api/cron/jobs (vercel.json), which drains the one queue with `Authorization: Bearer $CRON_SECRET`. On a server run as
// on Vercel (bare `next start` with VERCEL set: no timers), a version whose wake-up was lost stays
// queued until the cron route drains it; the route refuses any call without the secret.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, createToken, uniqueTeam, upload } from './support/api';
import { ownDatabase } from './support/database';
import { ok } from './support/docs';
import { DOCX, docx } from './support/office';
import { startServer, type RunningServer } from './support/server';
import { withTestDb } from './support/test-db';

const SECRET = 'cron-secret-for-the-conversion-test';
let server: RunningServer;
let api: ReturnType<typeof client>;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;
const dir = path.join(inject('tmpDir'), 'conversion-cron');

beforeAll(async () => {
  fs.mkdirSync(dir, { recursive: true });
  env = { ...inject('serverEnv'), QUIRE_DATA_DIR: path.join(dir, 'data'), VERCEL: '1', CRON_SECRET: SECRET };
  dropDatabase = await ownDatabase(env, 'convert_cron');
  server = await startServer(env, { logFile: path.join(dir, 'server.log'), face: 'next' });
  api = client((await createToken({ team: uniqueTeam('convert-cron'), scopes: 'apis.all', env })).token, server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

const cron = (authorization?: string) => fetch(`${server.url}/api/cron/jobs`, { headers: authorization ? { authorization } : {} });

describe('GET /api/cron/jobs', { timeout: 180_000 }, () => {
  it('refuses a call without the secret, or with another one', async () => {
    for (const auth of [undefined, 'Bearer wrong-secret', SECRET, `Bearer ${SECRET}x`, `Basic ${SECRET}`]) {
      const r = await cron(auth);
      expect(r.status, String(auth)).toBe(401);
      expect(await r.json()).toEqual({ error: 'unauthorized' });
    }
  });

  it('converts what is queued, which nothing else picks up on Vercel', async () => {
    const bytes = await docx(['Cron page one', 'Cron page two']);
    const d = ok(await api.post('/v1/documents', { upload_id: await upload(api, bytes, DOCX, 'Cron.docx'), name: 'Cron.docx' }), 201);
    expect(d.preview_status).toBe('processing');
    // The wake-up after the answer converts it on this instance.
    await expect.poll(async () => ok(await api.get(`/v1/documents/${d.id}`)).preview_status, { timeout: 90_000, interval: 250 }).toBe('ready');
    // The wake-up's worker, done with that job, looks for the next one: until its conversion job is
    // gone (and a moment after), a job queued now could still be its to claim (seen once in CI).
    const conversionsLeft = () => withTestDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM jobs WHERE kind = 'conversion'`)).rows[0].n), env);
    await expect.poll(conversionsLeft, { timeout: 30_000, interval: 250 }).toBe(0);
    // Queued again as if that wake-up had been lost with its instance, due in 2 s (after the worker
    // has found nothing and stopped): no poller takes it.
    await withTestDb(async (c) => {
      const { rows } = await c.query(`UPDATE document_versions SET preview_status = 'processing', preview_key = NULL WHERE document_id = $1 RETURNING id`, [d.id]);
      await c.query(`UPDATE documents SET preview_status = 'processing' WHERE id = $1`, [d.id]);
      await c.query(
        `INSERT INTO jobs (id, kind, ref, status, run_at, created_at, updated_at)
         VALUES ('job_cron_' || $1, 'conversion', $1, 'queued', timezone('UTC', now()) + interval '2 seconds', timezone('UTC', now()), timezone('UTC', now()))`,
        [rows[0].id],
      );
    }, env);
    await new Promise((r) => setTimeout(r, 6_000)); // due, and longer than a long-lived server's poll
    expect(ok(await api.get(`/v1/documents/${d.id}`)).preview_status).toBe('processing');

    const r = await cron(`Bearer ${SECRET}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ ok: true, ran: { conversion: { done: 1, retried: 0, dead: 0 } } });
    expect(ok(await api.get(`/v1/documents/${d.id}`))).toMatchObject({ preview_status: 'ready', preview_error: null, num_pages: 2 });
    // Nothing left: the next call converts nothing.
    expect(await (await cron(`Bearer ${SECRET}`)).json()).toEqual({ ok: true, ran: {} });
  });
});
