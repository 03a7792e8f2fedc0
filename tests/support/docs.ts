// Helpers shared by the document, version, folder and error contract tests.
import net from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { expect, inject } from 'vitest';
import type { Res } from './api';

export const fixture = (p: string) => inject('fixturesOrigin') + p;

export async function pdfBytes(pages: number): Promise<Buffer> {
  const d = await PDFDocument.create();
  for (let i = 0; i < pages; i++) d.addPage();
  return Buffer.from(await d.save());
}

export const DOCUMENT_KEYS = ['content_type', 'created', 'folder_id', 'id', 'language', 'name', 'num_pages', 'object', 'preview_error', 'preview_status', 'text_status', 'type', 'updated_at', 'url'];
export const VERSION_KEYS = [
  'content_type',
  'created',
  'document_id',
  'duration_ms',
  'file_size',
  'id',
  'is_primary',
  'num_pages',
  'object',
  'preview_error',
  'preview_status',
  'text_error',
  'text_status',
  'type',
  'version_number',
];
export const FOLDER_KEYS = [
  'child_folder_count',
  'color',
  'created',
  'document_count',
  'icon',
  'id',
  'name',
  'object',
  'parent_id',
  'path',
  'updated_at',
];

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Fails with the response body in the message, so a wrong status explains itself. */
export function ok<T = any>(res: Res<T>, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Nothing internal ever reaches a client: no 5xx, no stack frames, no ORM or SQL text. */
export function assertClean(res: Res, label = '') {
  expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  expect(text, label).not.toMatch(/\bat (async )?\S+ \(\S*:\d+:\d+\)|\bat \/\S+:\d+:\d+|\\n\s+at |prisma|node_modules|"stack"|\bSELECT\b|\bINSERT INTO\b|violates/i);
}

/** A TCP listener that counts connections: proves a refused URL was never contacted. */
export async function tripwire(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let n = 0;
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    n++;
    sockets.add(s);
    s.destroy();
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  return {
    port: (srv.address() as net.AddressInfo).port,
    connections: () => n,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        srv.close(() => r());
      }),
  };
}

/** Walks a list endpoint with `cursor` until next_cursor is null; returns every item in order. */
export async function walk(get: (path: string) => Promise<Res>, path: string, pageLimit = 100): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const r = await get(path + (cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''));
    const body = ok(r);
    expect(Object.keys(body).sort()).toEqual(['data', 'next_cursor']);
    items.push(...body.data);
    cursor = body.next_cursor;
    pages++;
    if (pages > pageLimit) throw new Error('pagination does not terminate');
  } while (cursor);
  return { items, pages };
}
