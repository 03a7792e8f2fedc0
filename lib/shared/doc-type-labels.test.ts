import { describe, expect, it } from 'vitest';
import { ACCEPTED_CONTENT_TYPES } from './content-types';
import { fileKindLabel } from './doc-type-labels';

describe('file kinds (issue 41 item 10: no MIME string on a document page)', () => {
  it('names every accepted content type in words, never as a MIME type', () => {
    for (const ct of [...ACCEPTED_CONTENT_TYPES, 'text/html']) {
      const label = fileKindLabel(ct);
      expect(label, ct).not.toContain('/');
      expect(label, ct).not.toBe('File');
    }
    expect(fileKindLabel('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toBe('PowerPoint presentation (.pptx)');
    expect(fileKindLabel('application/pdf; charset=binary')).toBe('PDF document');
    expect(fileKindLabel('application/x-unknown')).toBe('File');
  });
});
