// Small helpers for talking to the running app over HTTP in tests.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { useTestServerDatabase } from './in-process';
import { spawnEnv } from './spawn-env';
import { ROOT, TSX } from './server';

const run = promisify(execFile);

export const baseUrl = () => inject('baseUrl');

let teamSeq = 0;
export const uniqueTeam = (prefix = 't') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${teamSeq++}`;

/**
 * Mints a token as the admin command does (`npm run admin -- token create`). On the shared test
 * server's database it runs in this process: a spawned CLI costs about 2 s of CPU, and the suite
 * mints hundreds. A server of a test's own (`env`) still gets the real command.
 */
export async function createToken(o: { team: string; scopes: string; plan?: string; env?: Record<string, string> }) {
  if (!o.env) {
    await useTestServerDatabase();
    const { adminCreateToken } = await import('../../server/services/teams-admin');
    const { token, row } = await adminCreateToken({ team: o.team, plan: o.plan, scopes: o.scopes.split(',').map((x) => x.trim()).filter(Boolean) });
    return { token, id: row.id };
  }
  const args = ['scripts/admin.ts', 'token', 'create', '--team', o.team, '--scopes', o.scopes];
  if (o.plan) args.push('--plan', o.plan);
  const { stdout } = await run(TSX, args, { cwd: ROOT, env: spawnEnv(inject('serverEnv'), o.env) });
  const lines = stdout.trim().split('\n');
  const token = lines[lines.length - 1];
  const id = /created token (\S+)/.exec(stdout)?.[1] ?? '';
  return { token, id };
}

export async function admin(args: string[], env?: Record<string, string>) {
  return run(TSX, ['scripts/admin.ts', ...args], { cwd: ROOT, env: spawnEnv(inject('serverEnv'), env) });
}

export type Res<T = any> = { status: number; body: T; headers: Headers };

export function client(token: string | null, base = baseUrl()) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h: Record<string, string> = { ...headers };
    if (token) h.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array) payload = body as BodyInit;
      else payload = JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const r = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual' });
    const text = await r.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: r.status, body: parsed, headers: r.headers };
  }
  return {
    get: <T = any>(p: string, h?: Record<string, string>) => call<T>('GET', p, undefined, h),
    post: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('POST', p, b, h),
    patch: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('PATCH', p, b, h),
    put: <T = any>(p: string, b?: unknown, h?: Record<string, string>) => call<T>('PUT', p, b, h),
    del: <T = any>(p: string, h?: Record<string, string>) => call<T>('DELETE', p, undefined, h),
    call,
  };
}

/** Asserts the spec's error envelope and returns it. */
export function envelope(res: Res, status: number, code: string) {
  if (res.status !== status || res.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  const e = res.body.error;
  if (typeof e.message !== 'string' || !e.message) throw new Error('error.message missing');
  if (!String(e.doc_url).endsWith(`/docs/api/errors#${code}`)) throw new Error(`bad doc_url ${e.doc_url}`);
  if (!('details' in e)) throw new Error('error.details missing');
  return e as { code: string; message: string; doc_url: string; details: any };
}

/** The three-step upload: upload-url, PUT bytes, returns the upload_id. */
export async function upload(api: ReturnType<typeof client>, bytes: Buffer, contentType: string, fileName?: string) {
  const u = await api.post('/v1/documents/upload-url', { content_type: contentType, file_name: fileName, size: bytes.length });
  if (u.status !== 201) throw new Error(`upload-url failed: ${u.status} ${JSON.stringify(u.body)}`);
  const put = await fetch(u.body.upload_url, { method: "PUT", headers: u.body.required_headers, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return u.body.upload_id as string;
}
