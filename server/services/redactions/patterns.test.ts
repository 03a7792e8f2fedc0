import { describe, expect, it } from 'vitest';
import { findPattern, ibanValid, luhnValid, ssnValid } from './patterns';
import { findPatterns, findTerms, fold, textUnder, wordsOutside, type PageText } from './find';

const texts = (pattern: Parameters<typeof findPattern>[0], s: string) => findPattern(pattern, s).map((h) => h.text);

describe('check digits', () => {
  it('Luhn accepts real test card numbers and refuses one digit off', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '4012888888881881']) expect(luhnValid(n)).toBe(true);
    for (const n of ['4111111111111112', '5555555555554440', '1234567812345678', '12a4']) expect(luhnValid(n)).toBe(false);
  });
  it('IBAN mod 97, with or without spaces', () => {
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(ibanValid('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(ibanValid('XX00')).toBe(false);
  });
  it('SSN ranges the SSA never issues are refused', () => {
    expect(ssnValid('123-45-6789')).toBe(true);
    for (const n of ['000-12-3456', '666-12-3456', '912-12-3456', '123-00-4567', '123-45-0000']) expect(ssnValid(n)).toBe(false);
  });
});

describe('pattern finders', () => {
  it('emails', () => {
    expect(texts('email', 'Write to jane.doe+deals@acme-corp.co.uk or ops@x.io today; not @handle or a@b')).toEqual(['jane.doe+deals@acme-corp.co.uk', 'ops@x.io']);
  });
  it('phones: international and national forms, not dates, amounts or SSNs', () => {
    expect(texts('phone', 'Call +1 415 555 0132 or (020) 7946 0958 or 030-1234567.')).toEqual(['+1 415 555 0132', '(020) 7946 0958', '030-1234567']);
    expect(texts('phone', 'Signed 12/05/2024, paid 1 250 000 000, SSN 123-45-6789, order 20240511')).toEqual([]);
  });
  it('IBANs only when the check digits hold', () => {
    expect(texts('iban', 'Pay DE89 3704 0044 0532 0130 00 not DE89 3704 0044 0532 0130 01.')).toEqual(['DE89 3704 0044 0532 0130 00']);
  });
  it('cards only when Luhn holds and the grouping is a card’s', () => {
    expect(texts('card', 'Card 4111 1111 1111 1111, Amex 3782-822463-10005, bad 4111 1111 1111 1112, raw 5555555555554444')).toEqual([
      '4111 1111 1111 1111',
      '3782-822463-10005',
      '5555555555554444',
    ]);
  });
  it('SSNs', () => {
    expect(texts('ssn', 'SSN 123-45-6789, not 666-12-3456 nor 1123-45-6789')).toEqual(['123-45-6789']);
  });
});

// A page of two lines: "Dear José Smith," / "Smith owes $5" with words at known places.
function page(): PageText {
  const body = 'Dear José Smith,\nSmith owes jane@acme.com';
  const at = (w: string, from = 0) => body.indexOf(w, from);
  const words = [
    [at('Dear'), at('Dear') + 4, 100, 100, 50, 20],
    [at('José'), at('José') + 4, 160, 100, 50, 20],
    [at('Smith,'), at('Smith,') + 6, 220, 100, 60, 20],
    [at('Smith', 17), at('Smith', 17) + 5, 100, 140, 60, 20],
    [at('owes'), at('owes') + 4, 170, 140, 50, 20],
    [at('jane@'), body.length, 230, 140, 150, 20],
  ].flat();
  return { page: 1, body, words };
}

describe('finding marks in a page’s words', () => {
  it('folds case, accents and whitespace, keeping original offsets', () => {
    const f = fold('  Déjà\n\n Vu');
    expect(f.text).toBe('deja vu');
    expect(f.map[4]).toBe(6);
    expect(f.map[5]).toBe(9);
  });
  it('a term matches case and accents ignored, across the line break, one rectangle per line', () => {
    const marks = findTerms([page()], ['jose smith', 'SMITH, SMITH']);
    expect(marks.map((m) => m.text)).toEqual(['José Smith', 'Smith,', 'Smith']);
    const [first] = marks;
    // Padded around the two words of line one.
    expect(first!.x).toBeLessThan(0.16);
    expect(first!.x + first!.width).toBeGreaterThan(0.28);
    expect(first!.y).toBeLessThan(0.1);
    expect(first!.y + first!.height).toBeGreaterThan(0.12);
    expect(marks.every((m) => m.source === 'term' && m.page === 1)).toBe(true);
  });
  it('a pattern covers the words it touches', () => {
    expect(findPatterns([page()], ['email'])).toMatchObject([{ source: 'pattern', text: 'jane@acme.com' }]);
  });
  it('a box says what it covers; words outside every mark stay for the text layer', () => {
    expect(textUnder(page(), { x: 0.15, y: 0.09, width: 0.2, height: 0.03 })).toBe('José Smith,');
    const left = wordsOutside(page(), findTerms([page()], ['josé smith']));
    expect(left.map((w) => w.text)).toEqual(['Dear', 'Smith', 'owes', 'jane@acme.com']);
  });
});
