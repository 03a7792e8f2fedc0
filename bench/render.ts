// `npm run bench:viewer`: the viewer's server-side costs on a generated 200-page PDF (issue 11:
// first page on screen in under 1 s cached and under 2 s cold). Figures are printed, never
// asserted; the exit status is non-zero only when something failed to run.
//
//   npm run bench:viewer
//   npm run bench:viewer -- --pages 200 --reads 50
//
// Measured in this process, with blobs in a temp folder (the local store), so blob reads here are
// file reads: on Vercel Blob add a network round trip per cached image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LocalBlobStore } from '../server/storage';
import { makePdf } from '../server/media/fixtures';
import { loadPdfjs } from '../server/media/pdfjs';
import { dropParsedDocuments, prerenderFirstPages, renderPage, renderStats } from '../server/media/render';
import { closeRenderPool, renderPool } from '../server/media/render-pool';
import { watermarkPdf } from '../server/media/watermark';

const { values: args } = parseArgs({ options: { pages: { type: 'string', default: '200' }, reads: { type: 'string', default: '30' } } });
const PAGES = Number(args.pages);
const READS = Number(args.reads);

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-render-'));
  const store = new LocalBlobStore(() => tmp);
  try {
    let t0 = performance.now();
    const pdf = await makePdf(Array.from({ length: PAGES }, (_, i) => (i % 25 === 7 ? { rotate: 90 as const } : {})));
    console.log(`fixture: ${PAGES} pages, ${mb(pdf.length)} (generated in ${fmt(ms(t0))})`);
    await store.put('files/bench/doc', pdf, 'application/pdf');
    const version = (id: string) => ({ id, storageKey: 'files/bench/doc', contentType: 'application/pdf', numPages: PAGES });

    console.log('\n## Page images');
    t0 = performance.now();
    await loadPdfjs();
    console.log(`load pdf.js (once per process)            ${fmt(ms(t0))}`);
    // Pages are drawn on the render pool's threads (render-pool.ts): each loads its modules once.
    t0 = performance.now();
    await renderPool().run('drop', null);
    console.log(`start a render thread (once per thread)   ${fmt(ms(t0))}`);
    for (const w of [960, 1920]) {
      dropParsedDocuments();
      const v = version(`bench-cold-${w}-${Date.now()}`);
      t0 = performance.now();
      const img = await renderPage(v, 1, w, { store });
      const cold = ms(t0);
      t0 = performance.now();
      await renderPage(v, 2, w, { store });
      const next = ms(t0);
      console.log(`first page cold, ${w}px (read+parse+render+store) ${fmt(cold)}   ${img.width}x${img.height}, ${(img.bytes.length / 1024).toFixed(0)} KB ${img.contentType}`);
      console.log(`next page, document parsed, ${w}px            ${fmt(next)}`);
      const reads: number[] = [];
      for (let i = 0; i < READS; i++) {
        if (i % 2) dropParsedDocuments();
        t0 = performance.now();
        await renderPage(v, 1, w, { store });
        reads.push(ms(t0));
      }
      console.log(`first page cached, ${w}px (blob read)          median ${fmt(median(reads))}, p95 ${fmt(p95(reads))} over ${READS}`);
    }
    dropParsedDocuments();
    const pre = version(`bench-pre-${Date.now()}`);
    t0 = performance.now();
    const done = await prerenderFirstPages(pre, 3, { store });
    console.log(`prerenderFirstPages(3) at ${done.widths.join('+')}px         ${fmt(ms(t0))}`);

    // Several pages at the thumbnail width: what a thumbnail strip costs cold.
    dropParsedDocuments();
    const thumbs = version(`bench-thumbs-${Date.now()}`);
    const before = renderStats.renders;
    t0 = performance.now();
    for (let p = 1; p <= 20; p++) await renderPage(thumbs, p, 480, { store });
    console.log(`20 thumbnails cold, 480px                     ${fmt(ms(t0))} (${renderStats.renders - before} renders)`);

    console.log('\n## Watermarked download');
    const values = { email: 'visitor@example.com', date: '2025-03-14', time: '09:26 UTC', ip_address: '203.0.113.7', link_name: 'Series A' };
    const configs = {
      'single, Latin': { text: 'Confidential {{email}} {{date}}' },
      'tiled, Latin': { text: 'Confidential {{email}} {{date}}', is_tiled: true, font_size: 16 },
      'tiled, CJK + Latin': { text: '机密 대외비 {{email}} {{ip_address}}', is_tiled: true, font_size: 16 },
    };
    for (const [name, cfg] of Object.entries(configs)) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 3; i++) {
        t0 = performance.now();
        const out = await watermarkPdf(pdf, cfg, values);
        times.push(ms(t0));
        size = out.length;
      }
      console.log(`${name.padEnd(20)} ${PAGES} pages: first ${fmt(times[0]!)}, then ${fmt(median(times.slice(1)))}; adds ${mb(size - pdf.length)} (${mb(pdf.length)} -> ${mb(size)})`);
    }
  } finally {
    await closeRenderPool();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
