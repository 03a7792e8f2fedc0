// pdf.js on the server: one loader for the page renderer and for tests that read text back.
// pdfjs-dist and @napi-rs/canvas are in next.config's serverExternalPackages, so they load from
// node_modules at run time (never bundled) and the data folders below are real paths on disk.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<Pdfjs> | undefined;

/**
 * The legacy (Node) build of pdf.js. Its worker module is loaded on this thread and handed to
 * pdf.js through `globalThis.pdfjsWorker`, so pdf.js never has to find `pdf.worker.mjs` by a URL
 * (which bundlers rewrite).
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const g = globalThis as { pdfjsWorker?: unknown };
    // @ts-expect-error -- the worker module ships without type declarations
    g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

let dir: string | undefined;

/**
 * The installed pdfjs-dist folder. Resolved through Node's own resolver from the project root
 * (not through the bundler: Next rewrites `require.resolve` in bundled code), then checked on
 * disk. `next start` and Vercel both run with the project root as the working directory; on
 * Vercel the folders are in the function because next.config's outputFileTracingIncludes
 * names them.
 */
export function pdfjsDir(): string {
  if (dir) return dir;
  const roots = [process.cwd(), path.resolve(/*turbopackIgnore: true*/ process.cwd(), '..')];
  const tried: string[] = [];
  for (const root of roots) {
    let candidate: string;
    try {
      const req = createRequire(path.join(/*turbopackIgnore: true*/ root, 'noop.js'));
      candidate = path.dirname(req.resolve(/*turbopackIgnore: true*/ 'pdfjs-dist/package.json'));
    } catch {
      candidate = path.join(/*turbopackIgnore: true*/ root, 'node_modules', 'pdfjs-dist');
    }
    tried.push(candidate);
    if (fs.existsSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ candidate, 'standard_fonts', 'LiberationSans-Regular.ttf'))) {
      dir = candidate;
      return dir;
    }
  }
  throw new Error(`pdfjs-dist data folders not found (tried ${tried.join(', ')})`);
}

/**
 * The data pdf.js needs to draw any PDF without system fonts: the 14 standard fonts, CMaps for
 * CJK text, the WebAssembly decoders for JPEG 2000 / JBIG2 images, and the ICC profile.
 * In Node pdf.js reads these with fs, so they are folder paths ending in a separator.
 */
export function pdfjsDataOptions() {
  const root = pdfjsDir();
  const sub = (name: string) => path.join(/*turbopackIgnore: true*/ root, name) + path.sep;
  return {
    standardFontDataUrl: sub('standard_fonts'),
    cMapUrl: sub('cmaps'),
    cMapPacked: true,
    wasmUrl: sub('wasm'),
    iccUrl: sub('iccs'),
  };
}
