// What the browser can tell about a file before asking for an upload URL. The server checks
// again (declared type, size, then the bytes); this only gives a quick, clear refusal.
import { resolveDeclaredContentType } from '@/lib/shared/content-types';
import { formatBytes } from '@/lib/format';

// Browsers leave `type` empty for extensions the OS does not know.
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  webp: 'image/webp',
  ecw: 'image/x-ecw',
  eml: 'message/rfc822',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

export const ACCEPT_ATTR = Object.keys(BY_EXTENSION)
  .map((e) => `.${e}`)
  .concat('.bak')
  .join(',');

export type FileCheck = { ok: true; contentType: string } | { ok: false; reason: string };

/** `maxBytes` is the server's MAX_UPLOAD_BYTES, handed to the dashboard by its layout. */
export function checkFile(file: File, maxBytes: number): FileCheck {
  const declared = file.type && file.type !== 'application/octet-stream' ? file.type : BY_EXTENSION[extension(file.name)] ?? file.type;
  const contentType = resolveDeclaredContentType(declared, file.name);
  if (!contentType) {
    return {
      ok: false,
      reason: `${extension(file.name) ? `.${extension(file.name)} files are` : 'This kind of file is'} not supported. Upload PDFs, Office or OpenDocument files, images, text, email, zip or video.`,
    };
  }
  if (file.size === 0) return { ok: false, reason: 'The file is empty.' };
  if (file.size > maxBytes) {
    return { ok: false, reason: `Too large (${formatBytes(file.size)}). Files can be up to ${formatBytes(maxBytes)}.` };
  }
  return { ok: true, contentType };
}
