// OCR of scanned pages with a local tesseract (Debian `tesseract-ocr` and its language packs; on
// macOS `brew install tesseract tesseract-lang`; on Windows the UB Mannheim installer, on PATH).
// Without it, a page with no text layer is indexed as having no text. tesseract runs as a child
// process in a group of its own on one thread (OMP_THREAD_LIMIT=1), held stopped while the
// server is busy answering requests (pause-while-busy.ts), as a local converter is, and killed
// past its deadline.
import { spawn, execFile } from 'node:child_process';
import { pauseWhileBusy } from '../lib/pause-while-busy';
import { watchStarvation } from '../lib/starved-time';
import type { PageWords } from './page-text';
import { cleanText } from './page-text';

const BINARY = process.env.TESSERACT_PATH || 'tesseract';
const TIMEOUT_MS = 60_000;
const MAX_OUTPUT = 8 * 1024 * 1024;
/** Words tesseract is less sure of than this (0-100) are noise, not text. */
const MIN_CONFIDENCE = 20;

let languages: Promise<Set<string> | null> | undefined;

/** The language packs of the local tesseract; null when there is none. */
export function ocrLanguages(): Promise<Set<string> | null> {
  languages ??= new Promise((resolve) => {
    execFile(BINARY, ['--list-langs'], { timeout: 10_000 }, (err, stdout, stderr) => {
      if (err) return resolve(null);
      const langs = `${stdout}\n${stderr}`.split('\n').map((l) => l.trim()).filter((l) => /^[a-z_]{3,}$/i.test(l));
      resolve(new Set(langs));
    });
  });
  return languages;
}

export class OcrError extends Error {
  name = 'OcrError';
}

/** The words of an image (PNG, JPEG, ...) read by tesseract in `lang` (its pack, else English). */
export async function ocrImage(image: Uint8Array, lang: string): Promise<PageWords> {
  const langs = await ocrLanguages();
  if (!langs) throw new OcrError('tesseract is not installed');
  const use = langs.has(lang) ? lang : 'eng';
  const tsv = await run(['stdin', 'stdout', '-l', use, '--psm', '3', 'tsv'], image);
  return wordsFromTsv(tsv);
}

function run(args: string[], input: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(BINARY, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    const pausing = pauseWhileBusy(child.pid, { maxPauseMs: TIMEOUT_MS });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    };
    // The deadline counts the time it could run: not the time it was held stopped, nor the time it
    // waited for a core on a loaded machine (starved-time.ts); ten times it at most in all.
    const starving = watchStarvation(child.pid);
    const started = Date.now();
    let timedOut = false;
    const check = setInterval(() => {
      const ran = Date.now() - started - pausing.pausedMs();
      if (ran - starving.starvedMs() > TIMEOUT_MS || ran > 10 * TIMEOUT_MS) {
        timedOut = true;
        kill();
      }
    }, 500);
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_OUTPUT) return kill();
      out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2048) stderr += d.toString();
    });
    child.stdin.on('error', () => {}); // it may exit before reading everything
    child.stdin.end(input);
    child.on('error', (e) => {
      clearInterval(check);
      pausing.stop();
      starving.stop();
      reject(new OcrError(`tesseract could not start: ${e.message}`));
    });
    child.on('close', (code) => {
      clearInterval(check);
      pausing.stop();
      starving.stop();
      if (timedOut) return reject(new OcrError(`reading the page took longer than ${TIMEOUT_MS / 1000} s`));
      if (size > MAX_OUTPUT) return reject(new OcrError('the page read as more text than a page holds'));
      if (code !== 0) return reject(new OcrError(`tesseract failed (${stderr.trim().split('\n').pop() || `exit ${code}`})`));
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

/** tesseract's TSV (level, page, block, paragraph, line, word, left, top, width, height, conf, text) as page words. */
export function wordsFromTsv(tsv: string): PageWords {
  let pageW = 0;
  let pageH = 0;
  let body = '';
  const words: number[] = [];
  let line = '';
  const rows = tsv.split('\n').slice(1).map((r) => r.split('\t'));
  const page = rows.find((r) => r[0] === '1');
  if (page) [pageW, pageH] = [Number(page[8]), Number(page[9])];
  if (!pageW || !pageH) return { body: '', words: [] };
  const k = (v: number, of: number) => Math.max(0, Math.min(1000, Math.round((v / of) * 1000)));
  for (const r of rows) {
    if (r[0] !== '5' || r.length < 12) continue;
    const text = cleanText(r.slice(11).join('\t')).trim();
    if (!text || Number(r[10]) < MIN_CONFIDENCE) continue;
    const key = `${r[2]}.${r[3]}.${r[4]}`;
    if (body) body += key === line ? ' ' : '\n';
    line = key;
    const [x, y, w, h] = [Number(r[6]), Number(r[7]), Number(r[8]), Number(r[9])];
    words.push(body.length, body.length + text.length, k(x, pageW), k(y, pageH), k(w, pageW), k(h, pageH));
    body += text;
  }
  return { body, words };
}
