// The one list of content types Quire accepts for documents (upload-url validation, source_url
// fetches, stored versions). Everything is the canonical form returned by normalizeContentType.

export const DOC_TYPES = ['pdf', 'image', 'docs', 'sheet', 'slides', 'video', 'zip', 'email', 'cad', 'text', 'other'] as const;
export type DocType = (typeof DOC_TYPES)[number];

const TYPES = {
  'application/pdf': 'pdf',

  'application/msword': 'docs',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docs',
  'application/vnd.oasis.opendocument.text': 'docs',
  'application/rtf': 'docs',
  'application/vnd.ms-excel': 'sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'sheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'sheet',
  'text/csv': 'sheet',
  'text/tab-separated-values': 'sheet',
  'application/vnd.ms-powerpoint': 'slides',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'slides',
  'application/vnd.oasis.opendocument.presentation': 'slides',

  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/tiff': 'image',
  'image/bmp': 'image',
  'image/webp': 'image',

  // ECW (ER Mapper Enhanced Compressed Wavelet) rasters: no browser renders them, so 'cad'.
  'image/x-ecw': 'cad',

  // `.bak` backups (SQL Server and others): opaque binaries. Browsers send
  // application/octet-stream for them, which resolveDeclaredContentType maps here only when the
  // file name ends in `.bak`; octet-stream on its own is not an accepted type.
  'application/x-bak': 'other',

  'message/rfc822': 'email',

  'text/plain': 'text',
  'text/markdown': 'text',

  'application/zip': 'zip',

  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
} as const satisfies Record<string, DocType>;

export type AcceptedContentType = keyof typeof TYPES;

export const ACCEPTED_CONTENT_TYPES: readonly AcceptedContentType[] = Object.freeze(
  Object.keys(TYPES) as AcceptedContentType[],
);

const ALIASES: Record<string, string> = {
  'application/x-pdf': 'application/pdf',
  'image/tif': 'image/tiff',
  'image/x-tiff': 'image/tiff',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/ecw': 'image/x-ecw',
  'application/x-ecw': 'image/x-ecw',
  'application/ecw': 'image/x-ecw',
  'text/rtf': 'application/rtf',
  'application/x-rtf': 'application/rtf',
  'text/x-csv': 'text/csv',
  'application/csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'text/tsv': 'text/tab-separated-values',
  'text/x-markdown': 'text/markdown',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'video/x-quicktime': 'video/quicktime',
};

/** Lowercases, drops parameters (`; charset=utf-8`) and maps aliases. '' for missing input. */
export function normalizeContentType(ct: string | null | undefined): string {
  const base = (ct ?? '').split(';')[0]!.trim().toLowerCase();
  return ALIASES[base] ?? base;
}

export function isAcceptedContentType(ct: string | null | undefined): ct is string {
  return Object.hasOwn(TYPES, normalizeContentType(ct));
}

/**
 * The canonical accepted type a client declared, or null. File names only disambiguate the one
 * case where a browser cannot name the type (`.bak` sent as application/octet-stream); the bytes
 * are still checked by detectUpload.
 */
export function resolveDeclaredContentType(ct: string | null | undefined, fileName?: string): AcceptedContentType | null {
  const n = normalizeContentType(ct);
  if (Object.hasOwn(TYPES, n)) return n as AcceptedContentType;
  if ((n === 'application/octet-stream' || n === '') && fileName && /\.bak$/i.test(fileName.trim())) {
    return 'application/x-bak';
  }
  return null;
}

export function documentTypeFor(contentType: string | null | undefined): DocType {
  const n = normalizeContentType(contentType);
  return Object.hasOwn(TYPES, n) ? TYPES[n as AcceptedContentType] : 'other';
}

/** Text-like types: accepted without magic bytes when the bytes are clean UTF-8. */
export const TEXT_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/tab-separated-values',
];

/** Accepted types whose formats have no magic bytes file-type could recognise. */
export const NO_MAGIC_CONTENT_TYPES: readonly string[] = [
  ...TEXT_CONTENT_TYPES,
  'message/rfc822',
  'image/x-ecw',
  'application/x-bak',
];

export const OLD_OFFICE_CONTENT_TYPES: readonly string[] = [
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
];

/** Image documents the viewer shows inline (the browser decodes them): their pixels are bounded at upload. */
export const isInlineImage = (contentType: string) => /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(contentType);
