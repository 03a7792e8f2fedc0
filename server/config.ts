// The one reader of the environment: every setting, validated, with one default each. Read on
// access (not at import), so a process that sets its environment late (tests, the admin
// command) is seen; a long-lived server freezes it once started (freezeEnvironment). A malformed
// value is a start-up error that names the setting.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseRule } from '../lib/shared/ip-rules';

const read = (name: string): string | undefined => {
  const v = process.env[name]?.trim();
  return v ? v : undefined;
};

// Once frozen, each variable is read from process.env once: a read of process.env is a call into
// the runtime, and a /v1 request reads about a dozen settings (1.7 % of a document get's CPU).
let frozen: Map<string, string | undefined> | null = null;

const env = (name: string): string | undefined => {
  if (!frozen) return read(name);
  if (frozen.has(name)) return frozen.get(name);
  const v = read(name);
  frozen.set(name, v);
  return v;
};

/** For a server whose environment no longer changes (scripts/serve.ts, once started). */
export function freezeEnvironment(): void {
  frozen ??= new Map();
}

// Some settings are read on every /v1 request (the origin rules read TRUST_PROXY_HOPS and
// API_BASE_URL): schemas are built once, here, and a value is validated once per distinct raw
// text, not on every access (building a zod schema costs tens of microseconds).
const validated = new Map<string, { raw: string; schema: z.ZodType<unknown>; value: unknown }>();

function parsed<T>(name: string, schema: z.ZodType<T>, fallback: T): T {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const hit = validated.get(name);
  if (hit && hit.raw === raw && hit.schema === schema) return hit.value as T;
  const r = schema.safeParse(raw);
  if (!r.success) throw new Error(`${name} is invalid ("${raw}"): ${r.error.issues[0]?.message ?? 'bad value'}`);
  validated.set(name, { raw, schema, value: r.data });
  return r.data;
}

const origin = z
  .string()
  .url()
  .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));
const positiveInt = z.coerce.number().int().min(1);
const nonNegativeInt = z.coerce.number().int().min(0);
const portNumber = z.coerce.number().int().min(1).max(65535);
const proxyHops = z.coerce.number().int().min(0).max(10);
const proxyList = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((rules) => rules.every((r) => parseRule(r)), 'each entry must be an IP address or a CIDR');
const prerenderPages = z.coerce.number().int().min(0).max(20);
const onOff = z.enum(['on', 'off']);
const renderWorkers = z.coerce.number().int().min(1).max(64);
const renderQueue = z.coerce.number().int().min(0).max(10_000);
const trueFalse = z.enum(['true', 'false']);
/** Seconds, comma-separated: 1 to 20 waits of 0 to 30 days each. */
const retrySchedule = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()))
  .pipe(z.array(z.string().regex(/^[0-9]+(\.[0-9]+)?$/, 'must be seconds, comma-separated').transform(Number).pipe(z.number().max(30 * 24 * 3600))).min(1).max(20));

/** host:port pairs, comma-separated (an IPv6 address in brackets). */
const dnsServerList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^(?:\[[0-9a-fA-F:.]+\]|[0-9.]+|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$/, 'must be host:port pairs, comma-separated')).min(1).max(8));

/** Names the embedded database in its URL (server/db/embedded.ts). */
export const EMBEDDED_APP_NAME = 'quire_embedded';

export const config = {
  /** Where the dashboard and the viewer are served; the port the server runs on by default. */
  get appUrl(): string {
    return parsed('APP_URL', origin, parsed('NEXTAUTH_URL', origin, `http://localhost:${env('PORT') ?? '3000'}`));
  },
  /**
   * Whether /v1 checks each answer against its documented output schema (QUIRE_VERIFY_OUTPUT=1;
   * always outside production, where a mismatch is a bug to see at once).
   */
  get verifyOutput(): boolean {
    return env('QUIRE_VERIFY_OUTPUT') === '1' || env('NODE_ENV') !== 'production';
  },
  /** next-auth reads NEXTAUTH_URL itself; unset, it is APP_URL (server/auth/session.ts writes it). */
  get nextAuthUrlMissing(): boolean {
    return !env('NEXTAUTH_URL') && !!env('APP_URL');
  },
  /** APP_URL (or NEXTAUTH_URL) as configured, or null: then the request's own origin is used. */
  get appUrlSetting(): string | null {
    return parsed('APP_URL', origin, parsed('NEXTAUTH_URL', origin, null as string | null));
  },
  /** The API's own origin when it has one (then that host serves only /v1). */
  get apiBaseUrl(): string | null {
    return parsed('API_BASE_URL', origin, null as string | null);
  },
  /** Where error `doc_url`s point. */
  get docsUrl(): string {
    return parsed('DOCS_URL', origin, this.appUrl);
  },
  get databaseUrl(): string | undefined {
    return env('DATABASE_URL');
  },
  get databasePoolSize(): number {
    return parsed('DATABASE_POOL_SIZE', positiveInt, 10);
  },
  /**
   * Whether the hottest statements are named prepared statements (planned once per connection).
   * `off` for a transaction-mode pooler that does not keep them (PgBouncer before 1.21, or
   * without max_prepared_statements). Always off on the embedded database, where every
   * connection is the same backend (a name prepared on one exists on all).
   */
  get databasePreparedStatements(): boolean {
    if (env('DATABASE_URL')?.includes(`application_name=${EMBEDDED_APP_NAME}`)) return false;
    return parsed('DATABASE_PREPARED_STATEMENTS', onOff, 'on') === 'on';
  },
  /** A fixed loopback port for the embedded database (default: any free one). */
  get embeddedDbPort(): number | null {
    return parsed('QUIRE_EMBEDDED_DB_PORT', portNumber, null as number | null);
  },
  get dataDir(): string {
    return path.resolve(/*turbopackIgnore: true*/ env('QUIRE_DATA_DIR') ?? path.join(process.cwd(), '.data'));
  },
  /** QUIRE_SECRET, else NEXTAUTH_SECRET; without either, a generated one under the data dir. */
  get secret(): string | undefined {
    return env('QUIRE_SECRET') ?? env('NEXTAUTH_SECRET');
  },
  get nextAuthSecret(): string | undefined {
    return env('NEXTAUTH_SECRET');
  },
  get blobToken(): string | undefined {
    return env('BLOB_READ_WRITE_TOKEN');
  },
  /**
   * Where browsers send uploads when Vercel Blob is configured (the page's connect-src): the
   * origin of the SDK's API (https://vercel.com unless the SDK's own `VERCEL_BLOB_API_URL` or
   * `NEXT_PUBLIC_VERCEL_BLOB_API_URL` names another).
   */
  get blobUploadOrigin(): string | null {
    if (!env('BLOB_READ_WRITE_TOKEN')) return null;
    const api = parsed('VERCEL_BLOB_API_URL', origin, parsed('NEXT_PUBLIC_VERCEL_BLOB_API_URL', origin, 'https://vercel.com/api/blob'));
    return new URL(api).origin;
  },
  get upstash(): { url: string; token: string } | undefined {
    const url = env('UPSTASH_REDIS_REST_URL');
    if (!url) return undefined;
    const token = env('UPSTASH_REDIS_REST_TOKEN');
    if (!token) throw new Error('UPSTASH_REDIS_REST_URL is set but UPSTASH_REDIS_REST_TOKEN is not');
    return { url, token };
  },
  get rateLimitPerMinute(): number {
    return parsed('RATE_LIMIT_PER_MINUTE', positiveInt, 60);
  },
  get analyticsRateLimitPerMinute(): number {
    return parsed('RATE_LIMIT_ANALYTICS_PER_MINUTE', positiveInt, 20);
  },
  /** SCIM requests one team's identity provider may send in a minute (a full sync of a large directory fits). */
  get scimRequestsPerMinute(): number {
    return parsed('SCIM_REQUESTS_PER_MINUTE', positiveInt, 600);
  },
  /** OAuth client registrations (RFC 7591) one client address may make in an hour. */
  get oauthRegistrationsPerHour(): number {
    return parsed('OAUTH_REGISTRATIONS_PER_HOUR', positiveInt, 20);
  },
  /** Link invitation emails one team may send in a UTC day (DESIGN.md: 2,000). */
  get invitationsPerTeamPerDay(): number {
    return parsed('INVITATIONS_PER_TEAM_PER_DAY', positiveInt, 2000);
  },
  /** Access requests one email address may make in an hour, over every link (DESIGN.md: 5). */
  get accessRequestsPerEmailPerHour(): number {
    return parsed('ACCESS_REQUESTS_PER_EMAIL_PER_HOUR', positiveInt, 5);
  },
  /** One-time codes one client address may ask for in 10 minutes (over every link). */
  get viewerCodeSendsPerAddress(): number {
    return parsed('VIEWER_CODE_SENDS_PER_ADDRESS', positiveInt, 30);
  },
  /** Email steps (addresses tried) one client address may submit on one link in 10 minutes. */
  get viewerEmailStepsPerAddress(): number {
    return parsed('VIEWER_EMAIL_STEPS_PER_ADDRESS', positiveInt, 20);
  },
  /** New viewer sessions (new visitors, so new views) one client address may start on one link in 10 minutes. */
  get viewerSessionsPerAddress(): number {
    return parsed('VIEWER_SESSIONS_PER_ADDRESS', positiveInt, 50);
  },
  /** Page-time batches (heartbeats and beacons) one viewer session may send in a minute. */
  get viewerEventBatchesPerSession(): number {
    return parsed('VIEWER_EVENT_BATCHES_PER_SESSION', positiveInt, 60);
  },
  /** Page-time batches (heartbeats and beacons) one client address may send in a minute, over every link. */
  get viewerEventBatchesPerAddress(): number {
    return parsed('VIEWER_EVENT_BATCHES_PER_ADDRESS', positiveInt, 600);
  },
  /** Pages of a new PDF version drawn for the viewer after the upload is answered (0: none). */
  get viewerPrerenderPages(): number {
    return parsed('VIEWER_PRERENDER_PAGES', prerenderPages, 3);
  },
  /** Worker threads that draw page images and watermarked PDFs (default: one per core but one). */
  get viewerRenderWorkers(): number {
    return parsed('VIEWER_RENDER_WORKERS', renderWorkers, Math.max(1, os.availableParallelism() - 1));
  },
  /** Jobs that may wait for a render worker; beyond, viewers are told to retry in a second (503). */
  get viewerRenderQueue(): number {
    return parsed('VIEWER_RENDER_QUEUE', renderQueue, 16 * this.viewerRenderWorkers);
  },
  /** Renders (running or waiting) one viewer session may have at once; beyond, 429. */
  get viewerRendersPerSession(): number {
    return parsed('VIEWER_RENDERS_PER_SESSION', positiveInt, 4);
  },
  /** Renders (running or waiting) one client address may have at once, over every link; beyond, 429. */
  get viewerRendersPerAddress(): number {
    return parsed('VIEWER_RENDERS_PER_ADDRESS', positiveInt, 16);
  },
  /** Proxies in front of `npm start` that append to X-Forwarded-For (0: trust none). */
  get trustProxyHops(): number {
    return parsed('TRUST_PROXY_HOPS', proxyHops, 0);
  },
  /**
   * Proxies (CIDRs or addresses, comma-separated) whose X-Forwarded-For entries are believed: the
   * client is the address the nearest untrusted hop was seen from (server/http/client-address.ts).
   */
  get trustedProxies(): string[] {
    return parsed('TRUSTED_PROXIES', proxyList, []);
  },
  /** `next dev`: its pages need 'unsafe-eval' and inline styles (server/http/csp.ts). */
  get development(): boolean {
    return process.env.NODE_ENV === 'development';
  },
  get onVercel(): boolean {
    return Boolean(env('VERCEL'));
  },
  get cronSecret(): string | undefined {
    return env('CRON_SECRET');
  },
  /** How long the audit log keeps events (DESIGN.md "Events"). */
  get auditRetentionDays(): number {
    return parsed('AUDIT_RETENTION_DAYS', positiveInt, 365);
  },
  get maxUploadBytes(): number {
    return parsed('MAX_UPLOAD_BYTES', positiveInt, 100 * 1024 * 1024);
  },
  /** Visitor uploads (DESIGN.md "Room power tools"): files and bytes one visitor may send in 24 hours. */
  get visitorUploadsPerDay(): number {
    return parsed('VISITOR_UPLOADS_PER_DAY', positiveInt, 20);
  },
  get visitorUploadBytesPerDay(): number {
    return parsed('VISITOR_UPLOAD_BYTES_PER_DAY', positiveInt, 500 * 1024 * 1024);
  },
  get maxPendingUploadBytes(): number {
    return parsed('MAX_PENDING_UPLOAD_BYTES', positiveInt, 5 * 1024 ** 3);
  },
  /** SMTP (nodemailer URL) and sender; without both, mail is printed to the server log. */
  get mail(): { server: string; from: string } | null {
    const server = env('EMAIL_SERVER');
    const from = env('EMAIL_FROM');
    return server && from ? { server, from } : null;
  },
  get migrateDebug(): boolean {
    return Boolean(env('QUIRE_MIGRATE_DEBUG'));
  },
  /**
   * Webhook URLs may be http and name loopback or private addresses (self-hosting on one network,
   * tests). Never in a public deployment: it lets a team make this server POST to its own network.
   */
  get webhookAllowPrivateUrls(): boolean {
    return parsed('WEBHOOK_ALLOW_PRIVATE_URLS', trueFalse, 'false') === 'true';
  },
  /** Seconds between a failed webhook attempt and the next (WEBHOOK_RETRY_SCHEDULE), or null: the default. */
  get webhookRetrySchedule(): number[] | null {
    return parsed('WEBHOOK_RETRY_SCHEDULE', retrySchedule, null as number[] | null);
  },
  /**
   * How long a claimed webhook delivery is held by its sender (WEBHOOK_CLAIM_SECONDS, default 60):
   * a sender that dies mid-attempt has its rows sent again by any instance after this. Keep it
   * well past the 15 s attempt deadline; tests shorten it to see a killed server's rows resent.
   */
  get webhookClaimMs(): number {
    return parsed('WEBHOOK_CLAIM_SECONDS', positiveInt, 60) * 1000;
  },
  /**
   * How long a text extraction job is held by the instance reading it (TEXT_EXTRACTION_LEASE_SECONDS,
   * default 120; renewed while it reads): one that dies mid-document is resumed at its next page by
   * any instance after this. Tests shorten it to see a killed server's document finished.
   */
  get textExtractionLeaseMs(): number {
    return parsed('TEXT_EXTRACTION_LEASE_SECONDS', positiveInt, 120) * 1000;
  },
  /**
   * How long one text extraction job reads before it goes back in the queue behind the documents
   * that waited meanwhile (TEXT_EXTRACTION_SLICE_SECONDS, default 20): a long scan takes turns.
   */
  get textExtractionSliceMs(): number {
    return parsed('TEXT_EXTRACTION_SLICE_SECONDS', positiveInt, 20) * 1000;
  },
  /**
   * How long one batch of pages may take to read on a render thread (TEXT_EXTRACTION_BATCH_SECONDS,
   * default 60): past it the thread is replaced and the document's text is `failed` (a hostile file).
   */
  get textExtractionBatchMs(): number {
    return parsed('TEXT_EXTRACTION_BATCH_SECONDS', positiveInt, 60) * 1000;
  },
  /** A Gotenberg service that converts Office files to PDF (its /forms/libreoffice/convert route); unset: local soffice. */
  get conversionUrl(): string | null {
    return parsed('CONVERSION_URL', origin, null as string | null);
  },
  /**
   * One conversion's deadline (CONVERSION_TIMEOUT_SECONDS, default 120); past it the converter is
   * killed. A local soffice's counts the time it could run: not the time it was held stopped nor
   * the time it waited for a core (server/lib/starved-time.ts), and at most ten times this in all.
   */
  get conversionTimeoutMs(): number {
    return parsed('CONVERSION_TIMEOUT_SECONDS', positiveInt, 120) * 1000;
  },
  /**
   * How long in all a local soffice may be held stopped while the server is busy answering
   * requests (CONVERSION_YIELD_SECONDS, default 60; 0: never stopped), and how long it may wait for
   * a core at its lowest priority before it competes as any process does. Not counted in the deadline.
   */
  get conversionYieldMs(): number {
    return parsed('CONVERSION_YIELD_SECONDS', nonNegativeInt, 60) * 1000;
  },
  /** Address space one local soffice process may take (CONVERSION_MEMORY_MB, default 2048). */
  get conversionMemoryBytes(): number {
    return parsed('CONVERSION_MEMORY_MB', positiveInt, 2048) * 1024 * 1024;
  },
  /** Converted documents longer than this many pages are refused as previews (CONVERSION_MAX_PAGES, default 2000). */
  get conversionMaxPages(): number {
    return parsed('CONVERSION_MAX_PAGES', positiveInt, 2000);
  },
  /**
   * How a local soffice is fenced (CONVERSION_SANDBOX): `auto` (default) uses bubblewrap where it
   * works, else `unshare -rn`, else none (with a warning); `bwrap`, `unshare` or `none` force one.
   */
  get conversionSandbox(): 'auto' | 'bwrap' | 'unshare' | 'none' {
    return parsed('CONVERSION_SANDBOX', z.enum(['auto', 'bwrap', 'unshare', 'none']), 'auto');
  },
  /** The soffice binary (CONVERSION_SOFFICE, default `soffice` found on the PATH). */
  get conversionSoffice(): string {
    return env('CONVERSION_SOFFICE') ?? 'soffice';
  },
  /** Test seam: exact origins exempt from the SSRF rules. Production never sets it. */
  get unsafeFetchAllow(): string[] {
    return (env('QUIRE_UNSAFE_FETCH_ALLOW') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  },
  /** The host name customers point their domain's CNAME at (CUSTOM_DOMAIN_TARGET; default: the app's host). */
  get customDomainTarget(): string {
    return env('CUSTOM_DOMAIN_TARGET')?.toLowerCase().replace(/\.$/, '') ?? new URL(this.appUrl).hostname;
  },
  /** Resolvers custom-domain checks ask (DNS_SERVERS: comma-separated host:port), or null: the system's. */
  get dnsServers(): string[] | null {
    return parsed('DNS_SERVERS', dnsServerList, null as string[] | null);
  },
  /** The Vercel project custom domains are added to (TLS on Vercel), when both are set. */
  get vercelDomains(): { token: string; projectId: string; teamId: string | null; apiUrl: string } | null {
    const token = env('VERCEL_API_TOKEN');
    const projectId = env('VERCEL_PROJECT_ID');
    if (!token || !projectId) return null;
    return { token, projectId, teamId: env('VERCEL_TEAM_ID') ?? null, apiUrl: parsed('VERCEL_API_URL', origin, 'https://api.vercel.com') };
  },
};
