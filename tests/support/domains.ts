// What the custom-domain tests share: a DNS server on loopback (dns2), a fake of Vercel's project
// domain endpoints answering as Vercel documents them, a server of their own pointed at both,
// and requests with any Host header (node:http: fetch cannot set Host).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { inject } from 'vitest';
import { client, createToken, uniqueTeam } from './api';
import { ownDatabase } from './database';
import { startDnsServer } from './dns-server';
import { startServer, type RunningServer } from './server';

export const TARGET = 'cname.quire.test';

let seq = 0;
/** A host name no other run uses (on PostgreSQL the suite's servers share one database, and a name is held by one team). */
export const uniqueHost = (label = 'docs') => `${label}-${process.pid}-${Date.now().toString(36)}-${seq++}.acme.test`;

/** Vercel's project domains, faked: POST /v10/projects/{p}/domains, POST /v9/…/{name}/verify, DELETE /v9/…/{name}. */
export async function startFakeVercel(project: string, token: string) {
  const calls: { method: string; path: string; teamId: string | null; body: string }[] = [];
  const domains = new Map<string, { verified: boolean }>();
  /** Names Vercel refuses to verify yet (its TXT check of its own). */
  const unverifiable = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      calls.push({ method: req.method!, path: url.pathname, teamId: url.searchParams.get('teamId'), body });
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.headers.authorization !== `Bearer ${token}`) return json(403, { error: { code: 'forbidden', message: 'Not authorized' } });
      const projectDomain = (name: string) => ({
        name,
        apexName: name.split('.').slice(-2).join('.'),
        projectId: project,
        verified: domains.get(name)!.verified,
        ...(domains.get(name)!.verified ? {} : { verification: [{ type: 'TXT', domain: `_vercel.${name}`, value: `vc-domain-verify=${name},abc`, reason: 'pending_domain_verification' }] }),
        createdAt: Date.now(),
        updatedAt: Date.now(),
      });
      const add = new RegExp(`^/v10/projects/${project}/domains$`).exec(url.pathname);
      if (add && req.method === 'POST') {
        const { name } = JSON.parse(body) as { name: string };
        if (domains.has(name)) return json(400, { error: { code: 'domain_already_in_use', message: `Cannot add ${name} since it's already assigned to another project.` } });
        domains.set(name, { verified: false });
        return json(200, projectDomain(name));
      }
      const verify = new RegExp(`^/v9/projects/${project}/domains/([^/]+)/verify$`).exec(url.pathname);
      if (verify && req.method === 'POST') {
        const name = decodeURIComponent(verify[1]!);
        if (!domains.has(name)) return json(404, { error: { code: 'not_found', message: 'Domain not found' } });
        if (unverifiable.has(name)) return json(400, { error: { code: 'missing_txt_record', message: `Domain ${name} is missing required TXT Record "vc-domain-verify=${name},abc"` } });
        domains.get(name)!.verified = true;
        return json(200, projectDomain(name));
      }
      const del = new RegExp(`^/v9/projects/${project}/domains/([^/]+)$`).exec(url.pathname);
      if (del && req.method === 'DELETE') {
        domains.delete(decodeURIComponent(del[1]!));
        return json(200, {});
      }
      json(404, { error: { code: 'not_found', message: 'Not found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, calls, domains, unverifiable, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export type DomainsWorld = Awaited<ReturnType<typeof startDomainsWorld>>;

/** A server of the tests' own with DNS and Vercel fakes; `face` as startServer's. */
export async function startDomainsWorld(name: string, o: { face?: 'serve' | 'next'; vercel?: boolean; env?: Record<string, string> } = {}) {
  const dns = await startDnsServer();
  const vercel = o.vercel ? await startFakeVercel('prj_quire', 'vercel-test-token') : null;
  const d = fs.mkdtempSync(path.join(inject('tmpDir'), `${name}-`));
  const env: Record<string, string> = {
    ...inject('serverEnv'),
    QUIRE_DATA_DIR: path.join(d, 'data'),
    DNS_SERVERS: `127.0.0.1:${dns.port}`,
    CUSTOM_DOMAIN_TARGET: TARGET,
    ...o.env,
    ...(vercel ? { VERCEL_API_TOKEN: 'vercel-test-token', VERCEL_PROJECT_ID: 'prj_quire', VERCEL_TEAM_ID: 'team_vc', VERCEL_API_URL: vercel.origin } : {}),
  };
  const dropDatabase = await ownDatabase(env, 'domains');
  const server: RunningServer = await startServer(env, { logFile: path.join(d, 'server.log'), face: o.face });
  const team = async (plan = 'business', scopes = 'links.read,links.write,documents.read,documents.write,branding.read,branding.write') => {
    const { token } = await createToken({ team: uniqueTeam('dom'), scopes, plan, env: { QUIRE_DATA_DIR: env.QUIRE_DATA_DIR!, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) } });
    return client(token, server.url);
  };
  /** Publishes the domain's TXT record and verifies it: the domain object after. */
  const verified = async (api: ReturnType<typeof client>, name: string) => {
    const created = await api.post('/v1/domains', { name });
    if (created.status !== 201) throw new Error(`adding ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    dns.records.txt.set(created.body.verification.name, [created.body.verification.value]);
    const v = await api.post(`/v1/domains/${created.body.id}/verify`);
    if (v.body.status !== 'verified') throw new Error(`verifying ${name}: ${JSON.stringify(v.body)}`);
    return v.body;
  };
  return {
    server,
    dns,
    vercel,
    env,
    team,
    verified,
    close: async () => {
      await server.stop();
      await dropDatabase();
      await dns.close();
      await vercel?.close();
    },
  };
}

export type HostAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request to the server with the given Host header (and optional cookie/body). */
export function hostRequest(port: number, host: string, p: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method: o.method ?? 'GET', headers: { Host: host, ...o.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
