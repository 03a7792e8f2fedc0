// Office files that link to elsewhere (issue 43): a docx, an xlsx, a pptx and an odt whose
// pictures are links to a loopback listener (127.0.0.1, localhost, [::1]) and to a picture on the
// server's disk (file://) are converted through the API by the server's real soffice. The
// listener hears nothing and the preview holds no picture: the links are cut before conversion
// and the converter runs with no network and no files but its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, createToken, uniqueTeam, upload } from './support/api';
import { ok } from './support/docs';
import { linkedDocx, linkedOdt, linkedPptx, linkedXlsx } from './support/linked-office';
import { DOCX, ODT, PPTX, XLSX } from './support/office';

type Api = ReturnType<typeof client>;
let api: Api;
let listener: http.Server;
const heard: string[] = [];
let urls: string[];
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('linked'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  // Both address families: http://[::1] and a localhost that resolves to either reach it.
  listener = http.createServer((req, res) => {
    heard.push(`${req.headers.host} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG_1X1);
  });
  await new Promise<void>((r) => listener.listen(0, '::', r));
  const { port } = listener.address() as AddressInfo;
  // A picture on the server's disk, outside anything the converter needs.
  const marker = path.join(inject('tmpDir'), 'linked-marker.png');
  fs.writeFileSync(marker, PNG_1X1);
  urls = [`http://127.0.0.1:${port}/loopback.png`, `http://localhost:${port}/localhost.png`, `http://[::1]:${port}/ipv6.png`, `file://${marker}`];
});

afterAll(async () => {
  await new Promise((r) => listener?.close(r));
});

/** How many images the PDF holds (poppler's pdfimages). */
function imagesIn(pdf: Buffer): number {
  const file = path.join(inject('tmpDir'), `linked-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return list.split('\n').slice(2).filter((l) => l.trim()).length;
}

describe('a converted Office file fetches nothing it links to', { timeout: 600_000 }, () => {
  for (const [kind, contentType, make] of [
    ['docx', DOCX, linkedDocx],
    ['xlsx', XLSX, linkedXlsx],
    ['pptx', PPTX, linkedPptx],
    ['odt', ODT, linkedOdt],
  ] as const) {
    it(`a ${kind} whose pictures link to loopback and to a file on the server`, async () => {
      const bytes = await make(urls);
      const name = `Linked.${kind}`;
      const d = ok(await api.post('/v1/documents', { upload_id: await upload(api, bytes, contentType, name), name }), 201);
      await expect.poll(async () => ok(await api.get(`/v1/documents/${d.id}`)).preview_status, { timeout: 500_000, interval: 500 }).not.toBe('processing');
      expect(ok(await api.get(`/v1/documents/${d.id}`)).preview_status).toBe('ready');
      const version = ok(await api.get(`/v1/documents/${d.id}/versions`)).data[0];
      const pdf = fs.readFileSync(path.join(inject('serverEnv').QUIRE_DATA_DIR, 'blobs', 'previews', `${version.id}.pdf`));
      expect(heard).toEqual([]);
      expect(imagesIn(pdf)).toBe(0);
    });
  }
});
