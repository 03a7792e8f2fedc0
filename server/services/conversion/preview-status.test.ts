// The one rule for a new version's preview: shown as stored (PDF, inline image, link, playable
// video), waiting for the converter (Office files), or a download only, with the reason.
import { afterEach, describe, expect, it } from 'vitest';
import { initialPreview, NOT_PREVIEWED } from './preview-status';
import { REASONS } from './errors';

const v = (type: string, contentType: string, storageKey: string | null = 'docs/x') => ({ type, contentType, storageKey });
const before = process.env.CONVERSION_SOFFICE;
afterEach(() => {
  if (before === undefined) delete process.env.CONVERSION_SOFFICE;
  else process.env.CONVERSION_SOFFICE = before;
});

describe('initialPreview', () => {
  it('PDFs, inline images, links and playable videos are ready as stored', () => {
    const ready = { previewStatus: 'ready', previewError: null };
    expect(initialPreview(v('pdf', 'application/pdf'))).toEqual(ready);
    expect(initialPreview(v('image', 'image/png'))).toEqual(ready);
    expect(initialPreview(v('link', 'text/html', null))).toEqual(ready);
    for (const ct of ['video/mp4', 'video/webm', 'video/quicktime']) expect(initialPreview(v('video', ct)), ct).toEqual(ready);
  });

  it('a video type the viewer cannot play is a download only', () => {
    expect(initialPreview(v('video', 'video/x-msvideo'))).toEqual({ previewStatus: 'unavailable', previewError: NOT_PREVIEWED });
  });

  it('Office files wait for the converter, or say there is none here', () => {
    const xlsx = v('sheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    process.env.CONVERSION_SOFFICE = 'sh'; // a binary that exists: a converter is "there"
    expect(initialPreview(xlsx)).toEqual({ previewStatus: 'processing', previewError: null });
    process.env.CONVERSION_SOFFICE = '/nonexistent/quire-soffice';
    expect(initialPreview(xlsx)).toEqual({ previewStatus: 'unavailable', previewError: REASONS.noConverter });
    expect(initialPreview(v('video', 'video/mp4'))).toEqual({ previewStatus: 'ready', previewError: null });
  });

  it('other files are downloads only', () => {
    expect(initialPreview(v('docs', 'application/zip'))).toEqual({ previewStatus: 'unavailable', previewError: NOT_PREVIEWED });
  });
});
