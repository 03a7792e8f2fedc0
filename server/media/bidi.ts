// Just enough of the Unicode bidirectional algorithm (UAX #9) to lay out one line of watermark
// text that mixes right-to-left (Hebrew, Arabic) and left-to-right text: paragraph direction from
// the first strong character, numbers kept left-to-right inside right-to-left text, neutrals
// between two runs of one direction taking that direction, and runs reordered for display
// (rule L2). No explicit embeddings or isolates, no bracket pairs. Runs come out in visual
// order, each run's text still in logical order: the shaper (fontkit) reverses right-to-left
// script runs itself after shaping them.

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const DIGIT = /[\p{Nd}]/u;
const STRONG_L = /[\p{L}\p{Nl}\p{No}\p{Mc}]/u;

type Cls = 'L' | 'R' | 'EN' | 'N';

function classify(ch: string): Cls {
  if (DIGIT.test(ch)) return 'EN';
  if (RTL_CHAR.test(ch)) return 'R';
  if (STRONG_L.test(ch)) return 'L';
  return 'N';
}

export const hasRtl = (s: string) => RTL_CHAR.test(s);

export type BidiRun = { text: string; rtl: boolean };

/** The line's runs in display order (left to right); a run's text is in logical order. */
export function bidiRuns(line: string): BidiRun[] {
  const chars = [...line];
  if (!chars.some((c) => RTL_CHAR.test(c))) return line ? [{ text: line, rtl: false }] : [];
  const cls = chars.map(classify);
  // W4: one separator between two numbers joins them ("2025-01-02", "1,5"); W5: currency,
  // percent and similar terminators next to a number belong to it.
  for (let i = 1; i + 1 < chars.length; i++) {
    if (cls[i] === 'N' && /[+\-,.:/\u00A0]/.test(chars[i]!) && cls[i - 1] === 'EN' && cls[i + 1] === 'EN') cls[i] = 'EN';
  }
  for (let i = 0; i < chars.length; i++) {
    if (cls[i] !== 'N' || !/[#$%\u00B0\u2030\u2031\u2032-\u2034\p{Sc}]/u.test(chars[i]!)) continue;
    let j = i;
    while (j < chars.length && cls[j] === 'N' && /[#$%\u00B0\u2030-\u2034\p{Sc}]/u.test(chars[j]!)) j++;
    let k = i - 1;
    while (k >= 0 && cls[k] === 'N' && /[#$%\u00B0\u2030-\u2034\p{Sc}]/u.test(chars[k]!)) k--;
    if (cls[j] === 'EN' || cls[k] === 'EN') cls[i] = 'EN';
  }
  const first = cls.find((c) => c === 'L' || c === 'R');
  const base = first === 'R' ? 1 : 0;

  // The nearest strong direction from i on (W7: a number after L text counts as L, else as R).
  const strongAt = (i: number, step: 1 | -1): 'L' | 'R' | null => {
    for (let j = i; j >= 0 && j < cls.length; j += step) {
      const c = cls[j]!;
      if (c === 'L' || c === 'R') return c;
      if (c === 'EN') return lastStrongBefore(j) === 'L' ? 'L' : 'R';
    }
    return null;
  };
  const lastStrongBefore = (i: number): 'L' | 'R' => {
    for (let j = i - 1; j >= 0; j--) if (cls[j] === 'L' || cls[j] === 'R') return cls[j] as 'L' | 'R';
    return base ? 'R' : 'L';
  };

  const levels = cls.map((c, i) => {
    if (c === 'R') return 1;
    if (c === 'L') return base ? 2 : 0;
    if (c === 'EN') return lastStrongBefore(i) === 'R' || base ? 2 : 0; // W7, then I1/I2
    const before = strongAt(i - 1, -1) ?? (base ? 'R' : 'L');
    const after = strongAt(i + 1, 1) ?? (base ? 'R' : 'L');
    const dir = before === after ? before : base ? 'R' : 'L'; // N1, N2
    return dir === 'R' ? 1 : base ? 2 : 0;
  });

  // Runs of one level, in logical order.
  let runs: { text: string; level: number }[] = [];
  chars.forEach((ch, i) => {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += ch;
    else runs.push({ text: ch, level: levels[i]! });
  });
  // L2: from the highest level down to the lowest odd level, reverse every sequence of runs at
  // that level or higher.
  const max = Math.max(...runs.map((r) => r.level));
  for (let lvl = max; lvl >= 1; lvl--) {
    const out: typeof runs = [];
    let seq: typeof runs = [];
    for (const r of runs) {
      if (r.level >= lvl) seq.push(r);
      else {
        out.push(...seq.reverse(), r);
        seq = [];
      }
    }
    out.push(...seq.reverse());
    runs = out;
  }
  return runs.map((r) => ({ text: r.text, rtl: r.level % 2 === 1 }));
}
