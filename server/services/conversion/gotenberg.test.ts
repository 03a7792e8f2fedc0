// The Gotenberg client against a local HTTP server that checks Gotenberg's documented contract:
// POST /forms/libreoffice/convert, multipart/form-data, the document in a `files` part named with
// its extension; 200 → the PDF; 400 → the file cannot be processed; 503 → Gotenberg's deadline.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError } from './errors';
import { ConverterUnreachableError, convertWithGotenberg } from './gotenberg';

const PDF = Buffer.from('%PDF-1.7\n%fake but well-formed enough for the client\n%%EOF\n');
let server: http.Server;
let url: string;
let answer: (form: FormData, req: http.IncomingMessage) => { status: number; body: Buffer | string } | 'hang';
const seen: { method: string; path: string; contentType: string; form: FormData }[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    // Parsed as any multipart server parses it: through the platform's own form-data reader.
    const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
    seen.push({ method: req.method!, path: req.url!, contentType: req.headers['content-type'] ?? '', form });
    const a = answer(form, req);
    if (a === 'hang') return;
    res.writeHead(a.status, { 'content-type': a.status === 200 ? 'application/pdf' : 'text/plain' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('Gotenberg client', () => {
  it('posts the file as multipart `files` with its extension to /forms/libreoffice/convert and returns the PDF', async () => {
    answer = () => ({ status: 200, body: PDF });
    const doc = Buffer.from('PK\u0003\u0004 a docx body');
    const pdf = await convertWithGotenberg(doc, 'docx', { url, timeoutMs: 5_000 });
    expect(pdf.equals(PDF)).toBe(true);
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/forms/libreoffice/convert');
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const files = req.form.getAll('files');
    expect(files).toHaveLength(1);
    const file = files[0] as File;
    expect(file.name).toBe('document.docx');
    expect(Buffer.from(await file.arrayBuffer()).equals(doc)).toBe(true);
    expect(req.form.get('landscape')).toBeNull();
  });

  it('spreadsheets are asked for landscape pages', async () => {
    answer = () => ({ status: 200, body: PDF });
    await convertWithGotenberg(Buffer.from('a,b\n1,2\n'), 'csv', { url, timeoutMs: 5_000 });
    const req = seen.at(-1)!;
    expect((req.form.get('files') as File).name).toBe('document.csv');
    expect(req.form.get('landscape')).toBe('true');
  });

  it('400 is a file that cannot be converted; 503 is a conversion past the deadline', async () => {
    answer = () => ({ status: 400, body: 'LibreOffice failed to process a document' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'pptx', { url, timeoutMs: 5_000 })).rejects.toMatchObject({ name: 'ConversionError', status: 'failed', message: expect.stringMatching(/damaged/) });
    answer = () => ({ status: 503, body: 'Service Unavailable' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'pptx', { url, timeoutMs: 5_000 })).rejects.toThrow(/took longer than 5 seconds/);
  });

  it('a service that is down or answers nonsense is retried later, not a verdict on the file', async () => {
    answer = () => ({ status: 500, body: 'boom' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
    answer = () => ({ status: 200, body: '<html>not a pdf</html>' });
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
    await expect(convertWithGotenberg(Buffer.from('x'), 'docx', { url: 'http://127.0.0.1:1', timeoutMs: 5_000 })).rejects.toBeInstanceOf(ConverterUnreachableError);
  });

  it('a service that never answers fails the file at the deadline', async () => {
    answer = () => 'hang';
    const e = await convertWithGotenberg(Buffer.from('x'), 'docx', { url, timeoutMs: 300 }).catch((x) => x);
    expect(e).toBeInstanceOf(ConversionError);
    expect(e.message).toMatch(/took longer than 1 seconds/);
  });
});
