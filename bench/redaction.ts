// `npm run bench -- --parts redaction` (or `npx tsx bench/redaction.ts`): redacting 20 terms across
// a 200-page PDF with the engine the `redaction.apply` job runs (server/media/redact.ts): the words
// read by pdf.js, the terms found (find.ts), every marked page drawn with its marks burnt in, the
// new PDF put together and verified. Run on one thread here (the job spreads the drawing over the
// render threads), so the time is an upper bound. Prints the time and the peak RSS; asserts the
// proof (no character under a mark), never the timing. Targets (issue 37): < 30 s, < 500 MB.
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findTerms, wordsOutside, type PageText } from '../server/services/redactions/find';
import { pageWords } from '../server/media/page-text';
import { loadPdfjs, pdfjsDataOptions } from '../server/media/pdfjs';
import { composeRedacted, drawRedactedPage, verifyRedacted, type Box } from '../server/media/redact';

const PAGES = Number(process.env.BENCH_REDACTION_PAGES) || 200;
const TERMS = Array.from({ length: 20 }, (_, i) => `Codename${String.fromCharCode(65 + i)}`);
const FILLER = 'The parties agree that the purchase price shall be paid at closing subject to the conditions set out in this agreement';

async function sourcePdf(): Promise<Uint8Array> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p++) {
    const page = d.addPage([612, 792]);
    for (let l = 0; l < 45; l++) {
      // Each page names two of the terms, on two lines; the rest is ordinary text.
      const term = l === 10 ? TERMS[p % 20] : l === 30 ? TERMS[(p * 7 + 3) % 20] : null;
      const text = term ? `Clause ${l}: ${term} and ${FILLER.slice(0, 60)}` : FILLER.slice(0, 90);
      page.drawText(text, { x: 54, y: 740 - l * 15, size: 10, font: f });
    }
  }
  return d.save();
}

const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

async function main() {
  const source = await sourcePdf();
  let peak = process.memoryUsage().rss;
  const rssBefore = peak;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const pdfjs = await loadPdfjs();
  const open = (bytes: Uint8Array) => pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsDataOptions(), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const doc = await open(source);
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    pages.push({ page: n, ...pageWords((await p.getTextContent()).items, p.getViewport({ scale: 1 })) });
    p.cleanup();
  }
  const tRead = performance.now();
  const rssAt: Record<string, number> = { read: peak };
  const marks = findTerms(pages, TERMS);
  const byPage = new Map<number, Box[]>();
  for (const m of marks) byPage.set(m.page, [...(byPage.get(m.page) ?? []), m]);
  const rasters = [];
  for (const [n, boxes] of byPage) rasters.push(await drawRedactedPage(doc, n, boxes));
  const tDraw = performance.now();
  rssAt.draw = peak;
  const words = Object.fromEntries([...byPage].map(([n, boxes]) => [n, wordsOutside(pages[n - 1]!, boxes)]));
  const out = await composeRedacted(source, rasters, words, TERMS.map((t) => t.toLowerCase()));
  const tCompose = performance.now();
  rssAt.compose = peak;
  const proof = await verifyRedacted(await open(out), Object.fromEntries(byPage), TERMS.map((t) => t.toLowerCase()));
  const tEnd = performance.now();
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  if (proof.charactersUnderMarks !== 0 || proof.hidden.length) throw new Error(`verification failed: ${JSON.stringify(proof)}`);
  const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
  console.log(`redaction: ${TERMS.length} terms, ${PAGES} pages, ${marks.length} marks on ${byPage.size} pages (one thread)`);
  console.log(`  read words ${s(t0, tRead)}, draw marked pages ${s(tRead, tDraw)}, compose ${s(tDraw, tCompose)}, verify ${s(tCompose, tEnd)}`);
  console.log(`  RSS before (the bench's own PDF made, nothing loaded) ${mb(rssBefore)}; peak RSS by the end of: read ${mb(rssAt.read!)}, draw ${mb(rssAt.draw!)}, compose ${mb(rssAt.compose!)}, verify ${mb(peak)}; pages kept in one channel (no colour): ${rasters.filter((r) => r.colors === 1).length} of ${rasters.length}`);
  console.log(`  total ${s(t0, tEnd)}; peak RSS ${mb(peak)}; source ${mb(source.byteLength)} -> redacted ${mb(out.byteLength)}; characters under marks ${proof.charactersUnderMarks}`);
  await doc.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
