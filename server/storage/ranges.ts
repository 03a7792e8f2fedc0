// A stored file answered by HTTP range (RFC 9110 §14), for every player that seeks: the viewer's
// video route and the owner's file route. One satisfiable range: 206 with Content-Range; an
// unsatisfiable one: 416 with `bytes */size`; no Range, several ranges or a malformed header: 200
// with the whole file (RFC 9110 lets a server ignore Range; browsers send one). The caller checks
// who may read the file first and adds its own disposition and caching headers.
import range from 'range-parser';
import { ApiError } from '../errors';
import { getBlobStore } from './index';

/** An open-ended range (`bytes=0-`) is answered with at most this much, so a seek is never behind a whole file. */
export const MAX_RANGE_BYTES = 4 * 1024 * 1024;

/**
 * A suffix range longer than the file (`bytes=-N`, N >= size) means the whole file (RFC 9110
 * §14.1.1); range-parser 1.3 calls it unsatisfiable, so it is rewritten as `bytes=0-` first.
 */
function wholeSuffix(header: string, size: number): string {
  const m = /^\s*bytes\s*=\s*-\s*(\d+)\s*$/i.exec(header);
  return m && Number(m[1]) >= size && Number(m[1]) > 0 ? 'bytes=0-' : header;
}

export type RangedAnswer = { status: 200 | 206 | 416; headers: Record<string, string>; body: ReadableStream<Uint8Array> | null };

/** The body to send: none for HEAD (the headers, Content-Length included, stay those of GET; the opened read is closed). */
export function bodyFor(method: string, a: RangedAnswer): ReadableStream<Uint8Array> | null {
  if (method !== 'HEAD') return a.body;
  void a.body?.cancel().catch(() => {});
  return null;
}

export async function rangedBlob(key: string, contentType: string, rangeHeader: string | null): Promise<RangedAnswer> {
  const store = getBlobStore();
  const stat = await store.stat(key);
  if (!stat) throw new ApiError('not_found', 'This document has no file.');
  const size = stat.size;
  const base = { 'Content-Type': contentType, 'Accept-Ranges': 'bytes' };
  const parsed = rangeHeader ? range(size, wholeSuffix(rangeHeader, size)) : null;
  if (parsed === -1 || (parsed !== null && parsed !== -2 && size === 0)) {
    return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' }, body: null };
  }
  if (parsed === null || parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1) {
    return { status: 200, headers: { ...base, 'Content-Length': String(size) }, body: await store.readStream(key) };
  }
  const { start } = parsed[0]!;
  const open = /^\s*bytes\s*=\s*\d+\s*-\s*$/i.test(rangeHeader!);
  const end = open ? Math.min(parsed[0]!.end, start + MAX_RANGE_BYTES - 1) : parsed[0]!.end;
  return {
    status: 206,
    headers: { ...base, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
    body: await store.readStream(key, { start, end }),
  };
}
