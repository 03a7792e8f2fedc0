// Word wrapping for text drawn into PDFs (receipts, and any later layout): linear in the text's
// length whatever its words are. A line's width is kept as a running sum, never re-measured: each
// character adds its own width plus the kerning with the one before it, which is exactly how
// pdf-lib measures a standard font's text. A word wider than the line is cut where it stops
// fitting (issue 43: re-measuring every prefix of a 10,000-character word froze the server).

/** Measures a string's width (e.g. `(s) => font.widthOfTextAtSize(s, size)`). */
export type Measure = (text: string) => number;

/**
 * Width of one character after another (its advance plus their kerning), measured once per
 * pair and cached: a text costs at most one measure of two characters per distinct pair.
 */
function advances(measure: Measure) {
  const single = new Map<string, number>();
  const pair = new Map<string, number>();
  const one = (c: string) => {
    let w = single.get(c);
    if (w === undefined) single.set(c, (w = measure(c)));
    return w;
  };
  return (prev: string | undefined, c: string): number => {
    if (prev === undefined) return one(c);
    const key = prev + c;
    let w = pair.get(key);
    if (w === undefined) pair.set(key, (w = measure(key) - one(prev)));
    return w;
  };
}

/**
 * The text's lines, each at most `width` wide: paragraphs (split at newlines) are wrapped at
 * whitespace, and a word wider than a line is broken between characters. A single character
 * wider than the line gets a line of its own.
 */
export function wrapText(text: string, measure: Measure, width: number): string[] {
  const advance = advances(measure);
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line: string[] = [];
    let lineWidth = 0;
    let ink = false; // the line has more than whitespace
    const last = () => line[line.length - 1];
    const add = (c: string, w: number) => {
      line.push(c);
      lineWidth += w;
      ink ||= !!c.trim();
    };
    for (const token of para.split(/(\s+)/)) {
      if (!token) continue;
      const chars = [...token];
      // The token's width if it followed the line.
      let w = 0;
      let prev = last();
      for (const c of chars) {
        w += advance(prev, c);
        prev = c;
      }
      if (lineWidth + w <= width) {
        prev = last();
        for (const c of chars) {
          add(c, advance(prev, c));
          prev = c;
        }
        continue;
      }
      if (ink) out.push(line.join('').trimEnd());
      [line, lineWidth, ink] = [[], 0, false];
      if (!token.trim()) continue; // whitespace at a break is dropped
      for (const c of chars) {
        const a = advance(last(), c);
        if (line.length && lineWidth + a > width) {
          out.push(line.join(''));
          [line, lineWidth] = [[], 0];
          add(c, advance(undefined, c));
        } else add(c, a);
      }
    }
    out.push(line.join('').trimEnd());
  }
  return out;
}
