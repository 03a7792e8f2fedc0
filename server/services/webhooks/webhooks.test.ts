// The pure parts of webhooks: signatures (checked against the `standardwebhooks` package), the
// stored secret's encryption, the retry schedule with its jitter, which URLs an endpoint may have,
// and which event types a subscription matches.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventMatches, EVENT_TYPES, isEventPattern } from '../../../lib/shared/event-types';
import { WEBHOOK_RETRY_SCHEDULE_S } from '../../../lib/shared/webhooks';
import { retryDelayMs, retrySchedule } from './schedule';
import { decryptSecret, encryptSecret, newSecret, sign, signatureHeader } from './secrets';
import { checkWebhookUrl } from './urls';

beforeAll(() => {
  process.env.QUIRE_SECRET = 'unit-test-secret-for-webhooks';
});

describe('signatures', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'document.created', timestamp: '2026-01-01T00:00:00.000Z', data: { object: { id: 'd1', object: 'document', name: 'Ünïcødé ✓' } } });

  it('a secret is whsec_ and base64 of 32 bytes', () => {
    const s = newSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(s);
  });

  it('matches the standardwebhooks package byte for byte, and verifies with it', () => {
    for (let i = 0; i < 20; i++) {
      const secret = newSecret();
      const ts = 1_700_000_000 + i;
      const ours = sign(secret, `evt_${i}`, ts, body);
      expect(ours).toBe(new Webhook(secret).sign(`evt_${i}`, new Date(ts * 1000), body));
    }
    const secret = newSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'evt_x', 'webhook-timestamp': String(now), 'webhook-signature': signatureHeader([secret], 'evt_x', now, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('two secrets: two space-separated signatures, each verifying with its secret alone', () => {
    const [current, previous, other] = [newSecret(), newSecret(), newSecret()];
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'evt_y', now, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': 'evt_y', 'webhook-timestamp': String(now), 'webhook-signature': header };
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(other).verify(body, headers)).toThrow();
    // a changed body or id fails
    expect(() => new Webhook(current).verify(body + ' ', headers)).toThrow();
    expect(() => new Webhook(current).verify(body, { ...headers, 'webhook-id': 'evt_z' })).toThrow();
  });
});

describe('stored secrets', () => {
  it('round-trip through AES-256-GCM and never hold the secret in clear', () => {
    const s = newSecret();
    const stored = encryptSecret(s);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(s.slice(6, 20));
    expect(encryptSecret(s)).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(stored)).toBe(s);
  });

  it('a tampered value or another app secret does not decrypt', () => {
    const stored = encryptSecret(newSecret());
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptSecret('v1.' + raw.toString('base64url'))).toThrow();
    process.env.QUIRE_SECRET = 'another-secret';
    try {
      expect(() => decryptSecret(stored)).toThrow();
    } finally {
      process.env.QUIRE_SECRET = 'unit-test-secret-for-webhooks';
    }
  });
});

describe('retry schedule', () => {
  afterEach(() => {
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
  });

  it('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then given up', () => {
    expect(retrySchedule()).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, retrySchedule(), mid))).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(retryDelayMs(8, retrySchedule(), mid)).toBeNull();
    expect(retryDelayMs(0, retrySchedule(), mid)).toBeNull();
  });

  it('jitters within ±10 %', () => {
    for (const [i, s] of WEBHOOK_RETRY_SCHEDULE_S.entries()) {
      expect(retryDelayMs(i + 1, WEBHOOK_RETRY_SCHEDULE_S, () => 0)).toBe(Math.round(s * 900));
      expect(retryDelayMs(i + 1, WEBHOOK_RETRY_SCHEDULE_S, () => 0.999999)).toBeLessThanOrEqual(s * 1100);
    }
    const samples = Array.from({ length: 500 }, () => retryDelayMs(2)!);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(270_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(330_000);
    expect(new Set(samples).size).toBeGreaterThan(100); // not one fixed value
  });

  it('WEBHOOK_RETRY_SCHEDULE replaces it; a malformed one is refused by name', () => {
    process.env.WEBHOOK_RETRY_SCHEDULE = '1, 2,0.5';
    expect(retrySchedule()).toEqual([1, 2, 0.5]);
    expect(retryDelayMs(3, retrySchedule(), () => 0.5)).toBe(500);
    expect(retryDelayMs(4)).toBeNull();
    process.env.WEBHOOK_RETRY_SCHEDULE = '1,soon';
    expect(() => retrySchedule()).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});

describe('endpoint URLs', () => {
  const publicLookup = async () => ['93.184.216.34'];
  const strict = (url: string, lookup = publicLookup) => checkWebhookUrl(url, { allowPrivate: false, lookup });
  const refused = async (p: Promise<unknown>) => {
    const e = (await p.then(
      () => null,
      (x) => x,
    )) as { code?: string; details?: { fieldErrors?: Record<string, string[]> } } | null;
    expect(e?.code).toBe('unprocessable_entity');
    return e!.details!.fieldErrors!.url![0]!;
  };

  it('takes https URLs of public addresses', async () => {
    expect(await strict('https://hooks.example.com/quire?x=1')).toBe('https://hooks.example.com/quire?x=1');
    expect(await strict('https://93.184.216.34/in')).toBe('https://93.184.216.34/in');
    expect(await strict('https://[2606:2800:220:1:248:1893:25c8:1946]/in')).toBe('https://[2606:2800:220:1:248:1893:25c8:1946]/in');
  });

  it.each([
    ['not a url', /absolute https/],
    ['http://hooks.example.com/in', /https URL/],
    ['ftp://hooks.example.com/in', /https URL/],
    ['https://user:pass@hooks.example.com/in', /user name/],
    ['https://127.0.0.1/in', /public address/],
    ['https://10.0.0.1/in', /public address/],
    ['https://192.168.1.10/in', /public address/],
    ['https://169.254.169.254/latest/meta-data', /public address/],
    ['https://[::1]/in', /public address/],
    ['https://[::ffff:127.0.0.1]/in', /public address/],
    ['https://[fd00::1]/in', /public address/],
    ['https://localhost/in', /public address/],
    ['https://api.localhost/in', /public address/],
    ['https://intranet/in', /public address/],
    [`https://example.com/${'a'.repeat(2100)}`, /at most 2048/],
  ])('refuses %s', async (url, why) => {
    expect(await refused(strict(url))).toMatch(why);
  });

  it('a loopback or private receiver is told of WEBHOOK_ALLOW_PRIVATE_URLS; a public one is not (issue 41 item 10)', async () => {
    const hint = /WEBHOOK_ALLOW_PRIVATE_URLS=true/;
    expect(await refused(strict('http://127.0.0.1:4567/hook'))).toMatch(/^must be an https URL; .*WEBHOOK_ALLOW_PRIVATE_URLS=true/);
    expect(await refused(strict('http://localhost:3000/hook'))).toMatch(hint);
    expect(await refused(strict('https://10.0.0.1/in'))).toMatch(hint);
    expect(await refused(strict('https://hooks.example.com/in', async () => ['192.168.1.2']))).toMatch(hint);
    expect(await refused(strict('http://hooks.example.com/in'))).toBe('must be an https URL');
  });

  it('refuses a name that resolves to a private address (any one of them), or does not resolve', async () => {
    expect(await refused(strict('https://hooks.example.com/in', async () => ['10.1.2.3']))).toMatch(/public address/);
    expect(await refused(strict('https://hooks.example.com/in', async () => ['93.184.216.34', '127.0.0.1']))).toMatch(/public address/);
    expect(await refused(strict('https://hooks.example.com/in', async () => [] as string[]))).toMatch(/could not be resolved/);
    expect(
      await refused(
        strict('https://hooks.example.com/in', async () => {
          throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
        }),
      ),
    ).toMatch(/could not be resolved/);
  });

  it('WEBHOOK_ALLOW_PRIVATE_URLS: http and loopback/private addresses pass (never a lookup)', async () => {
    const lookup = async (): Promise<string[]> => {
      throw new Error('no lookup with private URLs allowed');
    };
    expect(await checkWebhookUrl('http://127.0.0.1:4567/hook', { allowPrivate: true, lookup })).toBe('http://127.0.0.1:4567/hook');
    expect(await checkWebhookUrl('http://receiver.internal/hook', { allowPrivate: true, lookup })).toBe('http://receiver.internal/hook');
    expect(await refused(checkWebhookUrl('ftp://127.0.0.1/x', { allowPrivate: true, lookup }))).toMatch(/http or https/);
  });

  it('reads the flag from the environment (off unless "true")', async () => {
    const saved = process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    try {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
      expect(await refused(checkWebhookUrl('http://127.0.0.1:4567/hook'))).toMatch(/https URL/);
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'false';
      expect(await refused(checkWebhookUrl('https://127.0.0.1:4567/hook'))).toMatch(/public address/);
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
      expect(await checkWebhookUrl('http://127.0.0.1:4567/hook')).toBe('http://127.0.0.1:4567/hook');
    } finally {
      if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
      else process.env.WEBHOOK_ALLOW_PRIVATE_URLS = saved;
    }
  });
});

describe('subscriptions', () => {
  it('match a type exactly, a prefix ending in .*, or everything with *', () => {
    expect(eventMatches('*', 'document.created')).toBe(true);
    expect(eventMatches('document.created', 'document.created')).toBe(true);
    expect(eventMatches('document.created', 'document.updated')).toBe(false);
    expect(eventMatches('dataroom.*', 'dataroom.created')).toBe(true);
    expect(eventMatches('dataroom.*', 'dataroom.member.added')).toBe(true);
    expect(eventMatches('dataroom.member.*', 'dataroom.member.added')).toBe(true);
    expect(eventMatches('dataroom.member.*', 'dataroom.created')).toBe(false);
    expect(eventMatches('document.*', 'document.version.created')).toBe(true);
    // a prefix is a whole segment: link.* is not link_preset.*
    expect(eventMatches('link.*', 'link_preset.created')).toBe(false);
    expect(eventMatches('webhook_endpoint.*', 'webhook_endpoint.deleted')).toBe(true);
  });

  it('an endpoint may name every type, every known prefix and *, nothing else', () => {
    for (const t of EVENT_TYPES) expect(isEventPattern(t), t).toBe(true);
    for (const p of ['*', 'dataroom.*', 'document.version.*', 'webhook_endpoint.*']) expect(isEventPattern(p), p).toBe(true);
    for (const p of ['', 'document', 'document.', 'document.*.created', 'nope.*', 'document.exploded', 'webhook.test', '**', 'dataroom.*.*']) {
      expect(isEventPattern(p), p).toBe(false);
    }
  });
});
