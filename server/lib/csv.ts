// CSV for spreadsheets (RFC 4180, CRLF), safe to open: a cell a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe (OWASP).
import { attachment } from './content-disposition';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record with its CRLF, for files written as a stream. */
export const csvLine = (cells: Cell[]): string => cells.map(csvCell).join(',') + '\r\n';

export const toCsv = (header: string[], rows: Cell[][]): string => [header, ...rows].map(csvLine).join('');

/** A CSV download: the body (whole or streamed) as an attachment the browser saves as `name`. */
export const csvResponse = (body: string | ReadableStream<Uint8Array>, name: string): Response =>
  new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachment(name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
