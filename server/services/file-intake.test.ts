// The name a source_url suggests for a document. Through HTTP these cases need a file server
// answering 200 on odd paths, which the test fixture server does not do.
import { describe, expect, it } from 'vitest';
import { fileNameFromUrl } from './file-intake';

describe('fileNameFromUrl', () => {
  it('decodes the last path segment', () => {
    expect(fileNameFromUrl('https://example.com/files/Board%20deck.pdf')).toBe('Board deck.pdf');
    expect(fileNameFromUrl('https://example.com/a/b/')).toBeUndefined();
    expect(fileNameFromUrl('https://example.com')).toBeUndefined();
  });

  it('keeps a malformed escape as written instead of throwing', () => {
    expect(fileNameFromUrl('https://example.com/a%E0.pdf')).toBe('a%E0.pdf');
    expect(fileNameFromUrl('https://example.com/100%.pdf')).toBe('100%.pdf');
  });

  it('drops control characters, NUL included', () => {
    expect(fileNameFromUrl('https://example.com/a%00b%0A.pdf')).toBe('ab.pdf');
    expect(fileNameFromUrl('https://example.com/%00%01')).toBeUndefined();
  });
});
