// The HTTP layer: openapi-fetch typed by the generated schema, over a fetch that adds the
// bearer token and, on every POST, a fresh Idempotency-Key kept for all retries of that POST,
// retries 429/503 after Retry-After (and a 409 saying the same key is still running; at most 3
// times, each wait capped at 60 s), refreshes a config-file token once after a 401, and turns
// failures into CliErrors.
import { randomUUID } from 'node:crypto';
import { withUserAgent } from '../version';
import createClient from 'openapi-fetch';
import { apiError, CliError, EXIT } from '../errors';
import type { Session } from '../auth/session';
import type { paths } from './schema';

export const MAX_RETRIES = 3;
export const MAX_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds (or an HTTP date); 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null): number {
  if (value && /^\d+(\.\d+)?$/.test(value.trim())) return Math.min(Number(value) * 1000, MAX_WAIT_MS);
  const date = value ? Date.parse(value) : NaN;
  if (!Number.isNaN(date)) return Math.min(Math.max(date - Date.now(), 0), MAX_WAIT_MS);
  return 1000;
}

const networkError = (url: string, e: unknown) => {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return new CliError(`Cannot reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (e as Error).message}`, EXIT.network);
};

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A 409 because the first request with this Idempotency-Key is still running (not a real conflict). */
async function keyStillRunning(req: Request, res: Response): Promise<boolean> {
  if (res.status !== 409 || !req.headers.has(IDEMPOTENCY_HEADER)) return false;
  try {
    const body = (await res.clone().json()) as { error?: { details?: { header?: unknown } } };
    return body?.error?.details?.header === IDEMPOTENCY_HEADER;
  } catch {
    return false;
  }
}

/**
 * Sends what `make` builds (called again for each attempt, so streamed bodies can be re-read),
 * retrying 429 and 503, and a 409 for an Idempotency-Key still running. A 401 calls `on401`
 * once; when it answers true the request is retried.
 */
export async function sendWithRetries(
  make: () => Promise<Request> | Request,
  on401?: () => Promise<boolean>,
): Promise<Response> {
  let retries = 0;
  let reauthed = false;
  for (;;) {
    const made = await make();
    const req = new Request(made, { headers: withUserAgent(made.headers) });
    let res: Response;
    try {
      res = await fetch(req);
    } catch (e) {
      throw networkError(req.url, e);
    }
    const running = retries < MAX_RETRIES && (await keyStillRunning(req, res));
    if (((res.status === 429 || res.status === 503) && retries < MAX_RETRIES) || running) {
      retries++;
      const wait = retryAfterMs(res.headers.get('Retry-After'));
      await res.body?.cancel();
      const why = running ? 'the same request is still running' : res.status === 429 ? 'rate limited' : 'service unavailable';
      process.stderr.write(`${why}; retrying in ${Math.ceil(wait / 1000)} s (${retries}/${MAX_RETRIES})\n`);
      await sleep(wait);
      continue;
    }
    if (res.status === 401 && on401 && !reauthed) {
      reauthed = true;
      if (await on401()) {
        await res.body?.cancel();
        continue;
      }
    }
    return res;
  }
}

/** Reads a response: the parsed JSON body, or a CliError for any status that is not 2xx. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  if (!res.ok) throw apiError(res.status, body);
  return body;
}

/** An openapi-fetch result: its data, or the API's error as a CliError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiError(response.status, error);
  return data as T;
}

export type Api = ReturnType<typeof createApi>;

export function createApi(session: Session) {
  const authorised = (input: Request) => {
    // One key per POST, the same on each of its attempts: a retry whose first attempt did run gets
    // that answer back instead of creating twice.
    const key = input.method === 'POST' && !input.headers.has(IDEMPOTENCY_HEADER) ? randomUUID() : null;
    return sendWithRetries(
      async () => {
        const req = input.clone();
        req.headers.set('Authorization', `Bearer ${await session.accessToken()}`);
        if (key) req.headers.set(IDEMPOTENCY_HEADER, key);
        return req;
      },
      () => session.refreshAfter401(),
    );
  };
  const typed = createClient<paths>({ baseUrl: `${session.apiUrl}/v1`, fetch: authorised });
  const fetchFile = async (path: string, query: Record<string, string | undefined> = {}): Promise<Response> => {
    const url = new URL(`${session.apiUrl}/v1${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    const res = await authorised(new Request(url, { method: 'GET' }));
    if (!res.ok) await readJson(res);
    return res;
  };
  return {
    session,
    /** Typed calls (openapi-fetch over the generated schema); pass the result to unwrap(). */
    typed,
    /** Any /v1 call by path (for table-driven commands and endpoints newer than schema.d.ts). */
    async call(method: string, path: string, init: { query?: Record<string, unknown>; body?: unknown; raw?: { data: Uint8Array; contentType: string } } = {}) {
      const url = new URL(`${session.apiUrl}/v1${path}`);
      for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers: Record<string, string> = { Accept: 'application/json' };
      let body: BodyInit | undefined;
      if (init.raw) [body, headers['Content-Type']] = [init.raw.data as Uint8Array<ArrayBuffer>, init.raw.contentType];
      else if (init.body !== undefined) [body, headers['Content-Type']] = [JSON.stringify(init.body), 'application/json'];
      return readJson(await authorised(new Request(url, { method, headers, body })));
    },
    /** A GET whose answer is a file: the response to stream (an API error is thrown as for JSON calls). */
    fetchFile,
    /** A GET that answers a file: its bytes and the name the server gives it (errors as CliErrors). */
    async download(path: string, query: Record<string, string | undefined> = {}) {
      const res = await fetchFile(path, query);
      const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
      return { bytes: new Uint8Array(await res.arrayBuffer()), fileName: name, contentType: res.headers.get('content-type') };
    },
  };
}
