import { describe, expect, it } from 'vitest';
import { cleanText, looksScanned, pageWords, type PageFrame, type TextRun } from './page-text';
import { wordsFromTsv } from './ocr';

// A US letter page as pdf.js's viewport at scale 1 (origin bottom left in the PDF, top left here).
const letter: PageFrame = { width: 612, height: 792, convertToViewportPoint: (x, y) => [x, 792 - y] };
const run = (str: string, x: number, y: number, width: number, size = 12, hasEOL = false): TextRun => ({ str, transform: [size, 0, 0, size, x, y], width, height: size, hasEOL });
const boxes = (w: number[]) => Array.from({ length: w.length / 6 }, (_, i) => w.slice(i * 6, i * 6 + 6));

describe('a page’s words from its text layer', () => {
  it('keeps reading order, spaces between runs, line breaks, and each word’s place', () => {
    const r = pageWords([run('Escrow agreement', 72, 720, 100), run('signed', 180, 720, 40, 12, true), run('Page two', 72, 700, 50)], letter);
    expect(r.body).toBe('Escrow agreement signed\nPage two');
    const b = boxes(r.words);
    expect(b.map(([s, e]) => r.body.slice(s, e))).toEqual(['Escrow', 'agreement', 'signed', 'Page', 'two']);
    // "Escrow": from x 72 (of 612), its top at 792 - 732 = 60 (of 792), 12 high.
    expect(b[0][2]).toBe(Math.round((72 / 612) * 1000));
    expect(b[0][3]).toBe(Math.round((60 / 792) * 1000));
    expect(b[0][5]).toBe(Math.round((12 / 792) * 1000));
  });

  it('shares a run’s width out by the characters’ widths, so a word’s box is on the word', () => {
    // "ill WWW": three narrow letters, a space, three wide ones. Helvetica: i, l 222; space 278; W 944.
    const r = pageWords([run('ill WWW', 0, 720, 453.12)], letter);
    const [ill, www] = boxes(r.words);
    const total = 222 * 3 + 278 + 944 * 3;
    expect(ill![4]).toBe(Math.round((((222 * 3) / total) * 453.12 * 1000) / 612));
    expect(www![2]).toBe(Math.round((((222 * 3 + 278) / total) * 453.12 * 1000) / 612));
  });

  it('joins a word split across two runs on one line', () => {
    expect(pageWords([run('Con', 72, 720, 20), run('tract', 92.5, 720, 28)], letter).body).toBe('Contract');
  });

  it('skips marked content and empty runs, and cleans characters text cannot hold', () => {
    const r = pageWords([{ type: 'beginMarkedContent' }, run('', 0, 0, 0), run('a\u0000b\u0001c\ud800', 72, 720, 30)], letter);
    expect(r.body).toBe('a b c\ufffd');
    expect(cleanText('x\u0002y')).toBe('x y');
  });

  it('calls a page with (almost) no text a scan', () => {
    expect(looksScanned(' \n 12 ')).toBe(true);
    expect(looksScanned('Escrow agreement')).toBe(false);
  });
});

describe('tesseract’s TSV', () => {
  it('becomes lines of words with their boxes, low-confidence noise left out', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2000\t2600\t-1\t',
      '4\t1\t1\t1\t1\t0\t100\t100\t800\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t100\t300\t40\t96.5\tEscrow',
      '5\t1\t1\t1\t1\t2\t420\t100\t400\t40\t95.1\tagreement',
      '5\t1\t1\t1\t1\t3\t900\t100\t40\t40\t3.2\t~',
      '5\t1\t1\t1\t2\t1\t100\t160\t200\t40\t91.0\tsigned',
      '',
    ].join('\n');
    const r = wordsFromTsv(tsv);
    expect(r.body).toBe('Escrow agreement\nsigned');
    expect(boxes(r.words)[0]).toEqual([0, 6, 50, 38, 150, 15]);
  });
});
