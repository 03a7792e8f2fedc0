// Reads a request body under a cap (the API's 4.5 MB unless the caller gives another), refusing oversized bodies from their
// Content-Length before reading, and chunked ones as soon as they pass the cap.
import { ApiError } from '../errors';

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);
const tooLarge = (max: number) => new ApiError('payload_too_large', `The request body is larger than the ${sizeOf(max)} limit.`);

export async function readBody(req: Request, max: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not cancelled: cancelling destroys the socket under a client still sending (EPIPE for
      // it, before it reads the 413). The server drops the rest (scripts/serve.ts) or closes.
      reader.releaseLock();
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Deeper JSON than this is refused before parsing; no operation takes more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93 /* } ] */) depth--;
  }
  return max;
}

/** The request has no body bytes (no Content-Length or `0`, and nothing streamed). */
export async function bodyIsEmpty(req: Request): Promise<boolean> {
  const declared = req.headers.get('content-length');
  if (declared !== null) return declared.trim() === '0';
  if (!req.body) return true;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    if (value.byteLength) {
      reader.releaseLock();
      return false;
    }
  }
}

/** The body parsed as JSON; `ifEmpty`, when given, is what an empty (or all-whitespace) body stands for. */
export async function readJson(req: Request, max: number, o: { ifEmpty?: unknown } = {}): Promise<unknown> {
  const bytes = await readBody(req, max);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (o.ifEmpty !== undefined && !text.trim()) return o.ifEmpty;
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError('bad_request', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', text.trim() ? 'The request body is not valid JSON.' : 'The request body is empty; send a JSON object.');
  }
}
