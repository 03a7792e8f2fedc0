// Reads a JSON request body with the API's 4.5 MB cap, refusing oversized bodies from their
// Content-Length before reading, and chunked ones as soon as they pass the cap.
import { ApiError } from '../errors';
import { API_BODY_MAX_BYTES } from '../services/limits';

const tooLarge = () => new ApiError('payload_too_large', 'The request body is larger than the 4.5 MB limit.');

export async function readBody(req: Request, max = API_BODY_MAX_BYTES): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: Request): Promise<unknown> {
  const bytes = await readBody(req);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', text.trim() ? 'The request body is not valid JSON.' : 'The request body is empty; send a JSON object.');
  }
}
