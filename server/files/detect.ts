import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import {
  NO_MAGIC_CONTENT_TYPES,
  OLD_OFFICE_CONTENT_TYPES,
  TEXT_CONTENT_TYPES,
  documentTypeFor,
  isAcceptedContentType,
  normalizeContentType,
  resolveDeclaredContentType,
  type DocType,
} from './content-types';

export type { DocType };

/** The file's bytes are not something Quire accepts. The message is safe to show a client. */
export class FileTypeError extends Error {
  readonly code = 'unsupported_file_type';
  constructor(message: string) {
    super(message);
    this.name = 'FileTypeError';
  }
}

// Declared and detected types must fall in the same family; within one the bytes win
// (a .doc that is really RTF, a .zip that is really a .docx, a PNG declared as JPEG).
function family(ct: string): string {
  const t = documentTypeFor(ct);
  if (t === 'docs' || t === 'sheet' || t === 'slides' || t === 'zip') return 'office-or-zip';
  return t;
}

export async function detectUpload(
  bytes: Uint8Array,
  declaredContentType: string,
  fileName?: string,
): Promise<{ contentType: string; type: DocType }> {
  if (bytes.length === 0) throw new FileTypeError('The file is empty.');
  const declared = resolveDeclaredContentType(declaredContentType, fileName);
  // Windows browsers label .csv files as Excel; the text check still decides.
  const expected =
    declared === 'application/vnd.ms-excel' && fileName && /\.csv$/i.test(fileName.trim()) ? 'text/csv' : declared;

  // Clean UTF-8 declared as text is text, even when it happens to start with a weak binary
  // signature (a CSV starting "BM" is not a bitmap, a note starting "MZ" is not a program).
  if (expected && TEXT_CONTENT_TYPES.includes(expected) && isCleanText(bytes)) {
    checkText(bytes, expected);
    return { contentType: expected, type: documentTypeFor(expected) };
  }

  const detected = await fileTypeFromBuffer(bytes);

  if (detected) {
    let ct = normalizeContentType(detected.mime);
    if (ct === 'application/x-cfb') {
      // Old Office files are all Compound File Binary; file-type cannot tell them apart.
      if (!declared || !OLD_OFFICE_CONTENT_TYPES.includes(declared)) {
        throw new FileTypeError(
          'The file is a Microsoft compound file (application/x-cfb), which is accepted only as a .doc, .xls or .ppt upload.',
        );
      }
      ct = declared;
    }
    if (!isAcceptedContentType(ct)) {
      throw new FileTypeError(`The file's bytes are ${ct} (.${detected.ext}), which is not an accepted file type.`);
    }
    // Types without magic bytes say nothing about the bytes, so only the others must agree.
    if (declared && !NO_MAGIC_CONTENT_TYPES.includes(declared) && family(declared) !== family(ct)) {
      throw new FileTypeError(`The file was declared as ${declared} but its bytes are ${ct}.`);
    }
    return { contentType: ct, type: documentTypeFor(ct) };
  }

  if (!expected || !NO_MAGIC_CONTENT_TYPES.includes(expected)) {
    throw new FileTypeError(
      expected === 'application/pdf'
        ? 'The file is not a PDF.'
        : expected
          ? `The file's bytes do not match ${expected}.`
          : `The file's bytes match no accepted file type (declared ${normalizeContentType(declaredContentType) || 'nothing'}).`,
    );
  }
  if (TEXT_CONTENT_TYPES.includes(expected)) checkText(bytes, expected);
  if (expected === 'message/rfc822') checkEmail(bytes);
  return { contentType: expected, type: documentTypeFor(expected) };
}

function isCleanText(bytes: Uint8Array): boolean {
  return !bytes.includes(0) && isUtf8(bytes);
}

// Markup at the start of a "text" file is HTML, SVG or XML in disguise. Markdown may still use
// inline HTML further down; it is served as an attachment with nosniff either way.
const MARKUP_START = /^(?:<\?xml|<!doctype|<html|<head|<body|<svg|<script|<iframe|<object|<embed)\b/i;

function checkText(bytes: Uint8Array, ct: string) {
  if (bytes.includes(0)) throw new FileTypeError(`The file is not ${ct}: it contains NUL bytes (binary or UTF-16 text).`);
  if (!isUtf8(bytes)) throw new FileTypeError(`The file is not ${ct}: it is not valid UTF-8 text.`);
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (MARKUP_START.test(head)) {
    throw new FileTypeError(`The file is not ${ct}: it looks like HTML, SVG or XML, which are not accepted.`);
  }
}

function checkEmail(bytes: Uint8Array) {
  if (bytes.includes(0)) throw new FileTypeError('The file is not an email message: it contains NUL bytes.');
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1000)).replace(/^\uFEFF/, '');
  // An RFC 5322 message starts with a header field; mbox exports start with a "From " line.
  if (!/^(?:From |[!-9;-~]+:)/.test(head)) {
    throw new FileTypeError('The file is not an email message (message/rfc822): it does not start with a header.');
  }
}

/**
 * For images whose type must come from their bytes (branding). `allowed` holds content types
 * such as image/png, image/jpeg, image/x-icon. SVG is never accepted.
 */
export async function detectImage(bytes: Uint8Array, allowed: readonly string[]): Promise<{ contentType: string }> {
  const ok = new Set(allowed.map(normalizeContentType).filter((ct) => ct !== 'image/svg+xml'));
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const ct = detected ? normalizeContentType(detected.mime) : null;
  if (!ct || !ok.has(ct)) {
    throw new FileTypeError(
      `The image must be ${[...ok].join(', ')}; its bytes are ${ct ?? 'not a recognised image'}.`,
    );
  }
  return { contentType: ct };
}
