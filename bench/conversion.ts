// A 20-page docx from "uploaded" to "ready to view" (issue 22's speed target: < 15 s on this
// machine): the same converter the queue runs (convertToPdf: the zip guard, soffice with a fresh
// profile, the page count check), then the first page drawn as the viewer asks for it (pdf.js on
// the render pool, as the pre-render after conversion does). Three runs; timings printed, never asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { convertToPdf, availableConverter } from '../server/services/conversion/converter';
import { docx } from '../tests/support/office';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function main() {
  // Its blobs (the PDFs, the page images) in a directory of its own, removed at the end.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-conversion-'));
  process.env.QUIRE_DATA_DIR = dir;
  const converter = availableConverter();
  if (!converter) throw new Error('no converter here: install LibreOffice (soffice) or set CONVERSION_URL');
  const pages = Array.from({ length: 20 }, (_, i) => `Page ${i + 1}. ${'Quarterly figures and commentary for the board. '.repeat(30)}`);
  const file = await docx(pages);
  const { renderPage } = await import('../server/services/viewer/render');
  const { getBlobStore } = await import('../server/storage');
  const runs: { convert: number; first: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const out = await convertToPdf(file, DOCX);
    const t1 = performance.now();
    if (out.pages !== 20) throw new Error(`expected 20 pages, got ${out.pages}`);
    const key = `bench/conversion-${process.pid}-${i}.pdf`;
    await getBlobStore().put(key, out.pdf, 'application/pdf');
    await renderPage({ id: `bench-conv-${process.pid}-${i}`, storageKey: key, contentType: 'application/pdf', numPages: out.pages }, 1, 1440);
    const t2 = performance.now();
    runs.push({ convert: (t1 - t0) / 1000, first: (t2 - t1) / 1000 });
    console.log(`  run ${i + 1}: converted in ${((t1 - t0) / 1000).toFixed(2)} s, first page image ${((t2 - t1) / 1000).toFixed(2)} s, ready to view ${((t2 - t0) / 1000).toFixed(2)} s`);
  }
  const total = runs.map((r) => r.convert + r.first).sort((a, b) => a - b);
  console.log(`  conversion (${converter}, 20-page docx of ${(file.length / 1024).toFixed(0)} KB): median ready to view ${total[1]!.toFixed(2)} s (min ${total[0]!.toFixed(2)}, max ${total[2]!.toFixed(2)})`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
