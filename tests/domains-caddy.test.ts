// Self-hosted TLS for custom domains: Debian's caddy in front of `npm start` on loopback, with
// on-demand certificates from its own CA (`tls internal`) that it asks for only when the app's
// /api/domains/allowed says the name is a verified domain (the README's Caddyfile). A link opens
// over HTTPS by its domain name, checked against caddy's root certificate. Skipped without caddy.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startDomainsWorld, uniqueHost, type DomainsWorld } from './support/domains';
import { pdfDocument } from './support/viewer';

const CADDY = '/usr/bin/caddy';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type TlsAnswer = { status: number; location?: string; setCookie: string[]; body: string; cert: PeerCertificate };

/** GET https://<name>:<port><p> with the name resolved to loopback, trusting only caddy's root. */
function getTls(name: string, port: number, p: string, ca: string, cookie?: string): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: name,
        port,
        path: p,
        servername: name,
        ca,
        headers: cookie ? { Cookie: cookie } : {},
        lookup: (_h, o, cb) => ((o as { all?: boolean }).all ? (cb as any)(null, [{ address: '127.0.0.1', family: 4 }]) : (cb as any)(null, '127.0.0.1', 4)),
        agent: false,
      },
      (res) => {
        const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []), body, cert }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!fs.existsSync(CADDY))('custom domains behind caddy (on-demand TLS, tls internal)', () => {
  let w: DomainsWorld;
  let caddy: ChildProcess;
  let httpsPort: number;
  let dir: string;
  let ca: string;
  let domain: { id: string; name: string };
  let slug: string;

  beforeAll(async () => {
    // Caddy sets X-Forwarded-Proto: the app trusts one proxy hop, so the visitor's origin is https.
    w = await startDomainsWorld('caddy', { face: 'serve', env: { TRUST_PROXY_HOPS: '1' } });
    dir = fs.mkdtempSync(path.join(inject('tmpDir'), 'caddy-'));
    httpsPort = await freePort();
    const httpPort = await freePort();
    const caddyfile = path.join(dir, 'Caddyfile');
    fs.writeFileSync(
      caddyfile,
      `{
  admin off
  skip_install_trust
  http_port ${httpPort}
  https_port ${httpsPort}
  on_demand_tls {
    ask http://127.0.0.1:${w.server.port}/api/domains/allowed
  }
}

https:// {
  tls internal {
    on_demand
  }
  reverse_proxy 127.0.0.1:${w.server.port}
}
`,
    );
    const log = fs.openSync(path.join(dir, 'caddy.log'), 'a');
    caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { ...process.env, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'), HOME: dir },
      stdio: ['ignore', log, log],
    });
    const root = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 30_000;
    while (!(fs.existsSync(root) && (await new Promise<boolean>((r) => net.connect(httpsPort, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); r(true); }).once('error', () => r(false)))))) {
      if (Date.now() > deadline) throw new Error(`caddy did not start: ${fs.readFileSync(path.join(dir, 'caddy.log'), 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    ca = fs.readFileSync(root, 'utf8');
    const api = await w.team();
    domain = await w.verified(api, uniqueHost());
    const doc = await pdfDocument(api, 1);
    slug = (await api.post('/v1/links', { document_id: doc.id, domain_id: domain.id })).body.url.split('/view/')[1];
  }, 240_000);
  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const done = new Promise((r) => caddy.once('exit', r));
      caddy.kill('SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
    }
    await w?.close();
  });

  it('opens a link over HTTPS by its domain name, with a certificate issued for that name', async () => {
    let r = await getTls(domain.name, httpsPort, `/view/${slug}`, ca);
    expect(r.cert.subjectaltname).toContain(`DNS:${domain.name}`);
    const cookies: string[] = [];
    for (let i = 0; i < 4 && r.status >= 300 && r.status < 400; i++) {
      for (const c of r.setCookie) {
        expect(c).toContain('Secure');
        expect(c.toLowerCase()).not.toContain('domain=');
        cookies.push(c.split(';')[0]!);
      }
      const next = new URL(r.location!, `https://${domain.name}:${httpsPort}`);
      expect(next.origin).toBe(`https://${domain.name}:${httpsPort}`);
      r = await getTls(domain.name, httpsPort, next.pathname + next.search, ca, cookies.join('; '));
    }
    expect(r.status).toBe(200);
    expect(r.body).toContain('<html');
    expect(r.body).not.toContain(`127.0.0.1:${w.server.port}`);
  });

  it('issues no certificate for a name that is not a verified domain', async () => {
    const api = await w.team();
    const pending = (await api.post('/v1/domains', { name: uniqueHost() })).body;
    await expect(getTls(pending.name, httpsPort, '/', ca)).rejects.toThrow();
    await expect(getTls(uniqueHost('stranger'), httpsPort, '/', ca)).rejects.toThrow();
  });
});
