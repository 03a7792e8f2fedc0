// The receipt's layout is linear in the terms (issue 43 item 1): counted, not timed.
import { PDFFont } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawReceipt } from './receipt';

afterEach(() => vi.restoreAllMocks());

describe('the receipt', () => {
  it('lays out terms with a 3,000-character word measuring each character a bounded number of times', async () => {
    let chars = 0;
    const original = PDFFont.prototype.widthOfTextAtSize;
    vi.spyOn(PDFFont.prototype, 'widthOfTextAtSize').mockImplementation(function (this: PDFFont, text: string, size: number) {
      chars += text.length;
      return original.call(this, text, size);
    });
    const terms = 'a'.repeat(3_000); // enough to tell linear from quadratic (the old wrap measured ~10^8 characters)
    const bytes = await drawReceipt({
      agreementName: 'NDA', agreementVersion: 'f'.repeat(64), name: 'Ada', email: 'ada@example.com', emailVerified: true, acceptedAt: new Date(0),
      ipAddress: '192.0.2.1', userAgent: 'test', linkId: null, id: 'acc_1', terms,
    });
    expect(bytes.length).toBeGreaterThan(1000);
    expect(chars).toBeLessThan(10 * terms.length);
  });
});
