// The TrueType fonts a burned-in watermark is drawn with, and the choice of font for each
// character. pdf-lib's standard fonts only encode WinAnsi (Latin-1-ish), so every watermark uses
// embedded, subsetted TTFs (only the glyphs drawn end up in the PDF: a few KB).
//
//   DejaVu Sans (dejavu-fonts-ttf, 0.75 MB): Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew,
//     Arabic and many symbols.
//   Noto Sans SC (@expo-google-fonts/noto-sans-sc, 10.6 MB): Chinese (simplified and
//     traditional characters), Japanese kana and kanji, CJK punctuation, full-width forms.
//   Noto Sans KR (@expo-google-fonts/noto-sans-kr, 6.2 MB): Hangul.
//
// Only the files needed by the text at hand are read (once per process). Scripts none of them
// covers (Thai, Devanagari and the other Indic scripts, ...) are refused by the caller with
// WatermarkTextNotSupportedError rather than drawn as empty boxes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';

export type WatermarkFont = { name: string; pkg: string; file: string };

/** In order of preference: a character is drawn with the first font that has it. */
export const WATERMARK_FONTS: readonly WatermarkFont[] = [
  { name: 'DejaVuSans', pkg: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans.ttf' },
  { name: 'NotoSansSC', pkg: '@expo-google-fonts/noto-sans-sc', file: '400Regular/NotoSansSC_400Regular.ttf' },
  { name: 'NotoSansKR', pkg: '@expo-google-fonts/noto-sans-kr', file: '400Regular/NotoSansKR_400Regular.ttf' },
];

type Loaded = { bytes: Buffer; face: { hasGlyphForCodePoint(cp: number): boolean } };
const loaded = new Map<string, Loaded>();

/** The font file's path: resolved from the project root by Node (never by the bundler). */
function fontPath(f: WatermarkFont): string {
  const tried: string[] = [];
  for (const root of [process.cwd(), path.resolve(/*turbopackIgnore: true*/ process.cwd(), '..')]) {
    let candidate: string;
    try {
      const req = createRequire(path.join(/*turbopackIgnore: true*/ root, 'noop.js'));
      candidate = path.join(/*turbopackIgnore: true*/ path.dirname(req.resolve(/*turbopackIgnore: true*/ `${f.pkg}/package.json`)), f.file);
    } catch {
      candidate = path.join(/*turbopackIgnore: true*/ root, 'node_modules', f.pkg, f.file);
    }
    tried.push(candidate);
    if (fs.existsSync(/*turbopackIgnore: true*/ candidate)) return candidate;
  }
  throw new Error(`watermark font ${f.name} not found (tried ${tried.join(', ')})`);
}

type SubsetProto = { _addGlyph(gid: number): number; quirePadded?: boolean };
type SubsetThis = { glyf: Uint8Array[]; offset: number };

/**
 * fontkit's TrueType subsetter copies each glyph's bytes as they are and then, when the subset is
 * small, writes the short `loca` format, which stores offsets / 2: a glyph of odd length shifts
 * every later glyph by a byte and they come out broken or blank. DejaVu pads its glyphs to even
 * lengths; the Noto CJK TTFs do not (half their glyphs are odd). Padding each copied glyph to an
 * even length (a trailing zero byte is ignored by every reader) fixes the subset.
 */
function padSubsetGlyphs(face: { createSubset(): unknown }) {
  const proto = Object.getPrototypeOf(face.createSubset()) as SubsetProto;
  if (proto.quirePadded || typeof proto._addGlyph !== 'function') return;
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function (this: SubsetThis, gid: number) {
    const index = addGlyph.call(this, gid);
    const glyph = this.glyf[index]!;
    if (glyph.length % 2) {
      // The same Buffer class as fontkit's own (a bundled polyfill its encoder checks for).
      const padded = (glyph.constructor as unknown as { alloc(n: number): Uint8Array }).alloc(glyph.length + 1);
      padded.set(glyph);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  proto.quirePadded = true;
}

export function loadFont(f: WatermarkFont): Loaded {
  let l = loaded.get(f.name);
  if (!l) {
    const bytes = fs.readFileSync(/*turbopackIgnore: true*/ fontPath(f));
    const face = fontkit.create(bytes) as unknown as Loaded['face'] & { createSubset(): unknown };
    padSubsetGlyphs(face);
    l = { bytes, face };
    loaded.set(f.name, l);
  }
  return l;
}

/** Characters that are not drawn and need no glyph: controls and invisible format characters. */
export const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const MARK = /\p{M}/u;

export type FontRun = { font: WatermarkFont; text: string };

/**
 * Splits one line into runs of characters drawn with the same font, choosing for each
 * character the first font that has it (a combining mark stays with its base character's font
 * when that font has it). `missing` lists the characters no font has.
 */
export function splitByFont(line: string): { runs: FontRun[]; missing: string[] } {
  const runs: FontRun[] = [];
  const missing: string[] = [];
  let current: FontRun | undefined;
  for (const ch of line) {
    if (INVISIBLE.test(ch)) continue;
    const cp = ch.codePointAt(0)!;
    let font: WatermarkFont | undefined;
    if (current && (MARK.test(ch) || ch === ' ') && loadFont(current.font).face.hasGlyphForCodePoint(cp)) font = current.font;
    font ??= WATERMARK_FONTS.find((f) => loadFont(f).face.hasGlyphForCodePoint(cp));
    if (!font) {
      if (!missing.includes(ch)) missing.push(ch);
      continue;
    }
    if (current?.font === font) current.text += ch;
    else runs.push((current = { font, text: ch }));
  }
  return { runs, missing };
}

/** Characters of `text` that no watermark font can draw (for validating a config up front). */
export function unsupportedWatermarkCharacters(text: string): string[] {
  const missing = new Set<string>();
  for (const line of text.split(/\r\n|\r|\n/)) for (const ch of splitByFont(line).missing) missing.add(ch);
  return [...missing];
}
