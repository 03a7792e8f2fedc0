import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition';

describe('attachment', () => {
  it('keeps an ASCII name as it is, in both parameters', () => {
    expect(attachment('Deal-Archive-2026-11-27.zip')).toBe(`attachment; filename="Deal-Archive-2026-11-27.zip"; filename*=UTF-8''Deal-Archive-2026-11-27.zip`);
  });

  it('never lets a name end the quoted string or the header', () => {
    const h = attachment('a"b\\c\r\nSet-Cookie: x=1.pdf');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h.split('"').length).toBe(3);
    expect(h).toContain(`filename="a_b_c__Set-Cookie: x=1.pdf"`);
  });

  it('gives the whole name in filename* (RFC 8187), with the characters its attr-char excludes escaped', () => {
    const h = attachment("Verträge (final) it's.pdf");
    expect(h).toContain(`filename="Vertr_ge (final) it's.pdf"`);
    expect(h).toContain(`filename*=UTF-8''Vertr%C3%A4ge%20%28final%29%20it%27s.pdf`);
    expect(decodeURIComponent(h.split("''")[1]!)).toBe("Verträge (final) it's.pdf");
  });
});
