// Personal data a redaction can look for by kind (DESIGN.md "Redaction that removes, and proves
// it"): e-mail addresses, phone numbers, IBANs (mod-97 checked), card numbers (Luhn checked) and
// US social security numbers (the SSA's never-issued ranges left out). Each finder returns the
// [start, end) of every hit in a page's text; a check digit or range rule keeps look-alikes (an
// order number, a date) from being suggested.

export const PATTERNS = ['email', 'phone', 'iban', 'card', 'ssn'] as const;
export type Pattern = (typeof PATTERNS)[number];

export type Hit = { start: number; end: number; text: string };

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** The Luhn (mod 10) check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 13616: country, two check digits, up to 30 letters and digits; the number mod 97 is 1. */
export function ibanValid(raw: string): boolean {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

/** Area 001-899 except 666, group 01-99, serial 0001-9999 (what the SSA issues). */
export function ssnValid(raw: string): boolean {
  const m = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(raw);
  if (!m) return false;
  const [area, group, serial] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return area > 0 && area !== 666 && area < 900 && group > 0 && serial > 0;
}

const FINDERS: Record<Pattern, { re: RegExp; keep?: (text: string) => boolean }> = {
  email: { re: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/g },
  // International (+ and a country code) or national numbers of 7 to 15 digits in groups,
  // brackets around an area code allowed; the digit count is checked after the match.
  phone: {
    re: /(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,8}){1,4}(?![\w])/g,
    keep: (t) => {
      const n = digitsOf(t).length;
      // A bare run of digits with one separator is more often a figure or a date than a phone.
      return n >= 7 && n <= 15 && (/^\+|\(/.test(t) || /[\s.-]/.test(t)) && !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(t) && !ssnValid(t) && !/^\d{1,3}(?:[ .,]\d{3})+$/.test(t);
    },
  },
  iban: { re: /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{2,4}){3,8}(?![A-Za-z0-9])/g, keep: ibanValid },
  card: {
    re: /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g,
    keep: (t) => luhnValid(digitsOf(t)) && /^(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5})$/.test(t),
  },
  ssn: { re: /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])/g, keep: ssnValid },
};

/** Every hit of `pattern` in `text`, in order. */
export function findPattern(pattern: Pattern, text: string): Hit[] {
  const f = FINDERS[pattern];
  const hits: Hit[] = [];
  for (const m of text.matchAll(f.re)) {
    const t = m[0];
    if (f.keep && !f.keep(t)) continue;
    hits.push({ start: m.index, end: m.index + t.length, text: t });
  }
  return hits;
}
