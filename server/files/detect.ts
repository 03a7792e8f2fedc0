import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { isEncryptedOoxml, OOXML_CONTENT_TYPES } from './encrypted-office';
import {
  NO_MAGIC_CONTENT_TYPES,
  OLD_OFFICE_CONTENT_TYPES,
  TEXT_CONTENT_TYPES,
  documentTypeFor,
  isAcceptedContentType,
  normalizeContentType,
  resolveDeclaredContentType,
  type DocType,
} from '../../lib/shared/content-types';

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
      // Old Office files are all Compound File Binary; file-type cannot tell them apart. A
      // password-protected docx/xlsx/pptx is one too: accepted as its declared type, so that it is
      // kept and downloadable and its preview fails with the reason (issue 22).
      const encryptedOoxml = !!declared && OOXML_CONTENT_TYPES.includes(declared) && isEncryptedOoxml(bytes);
      if (!declared || (!OLD_OFFICE_CONTENT_TYPES.includes(declared) && !encryptedOoxml)) {
        throw new FileTypeError(
          'The file is a Microsoft compound file (application/x-cfb), which is accepted only as a .doc, .xls or .ppt upload, or as a password-protected .docx, .xlsx or .pptx.',
        );
      }
      ct = declared;
    }
    if (!isAcceptedContentType(ct)) {
      throw new FileTypeError(`The file's bytes are ${ct} (.${detected.ext}), which is not an accepted file type.`);
    }
    checkContainer(bytes, ct);
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
  else if (isActiveContent(bytes)) {
    throw new FileTypeError(`The file is not ${expected}: its bytes are HTML, SVG, XML or a script, which are never accepted.`);
  }
  if (expected === 'message/rfc822') checkEmail(bytes);
  if (expected === 'image/x-ecw') checkEcw(bytes);
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

// What browsers sniff as HTML (the WHATWG MIME sniffing patterns), plus XML, SVG and scripts.
const ACTIVE_START =
  /^(?:<!doctype html|<html|<head|<script|<iframe|<h1|<div|<font|<table|<a|<style|<title|<b|<body|<br|<p|<!--|<\?xml|<svg|<object|<embed|<meta|<img|<link)(?=[\s>/])|^#!/i;

/** True when the bytes start (after a BOM and white space) as HTML, SVG, XML or a script would. */
export function isActiveContent(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).replace(/^(?:\uFEFF|\u00EF\u00BB\u00BF|\u00FF\u00FE|\u00FE\u00FF)/, '');
  return ACTIVE_START.test(head.replace(/^[\s\u0000]+/, '').replace(/\u0000/g, ''));
}

const EMAIL_HEADERS = /^(?:from|to|cc|date|subject|message-id|received|return-path|mime-version|sender|reply-to|delivered-to)$/i;

/**
 * An RFC 5322 message (or an mbox export, which starts with a "From " line): a block of header
 * fields, a blank line, a body. A body that is HTML must be declared so by the message's own
 * Content-Type; a "message" whose undeclared body is a web page is a web page.
 */
function checkEmail(bytes: Uint8Array) {
  if (bytes.includes(0)) throw new FileTypeError('The file is not an email message: it contains NUL bytes.');
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 256 * 1024)).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  let i = /^From /.test(lines[0] ?? '') ? 1 : 0;
  const fields = new Map<string, string>();
  let last = '';
  for (; i < lines.length && lines[i] !== ''; i++) {
    const line = lines[i]!;
    const field = /^([!-9;-~]+):(.*)$/.exec(line);
    if (field) {
      last = field[1]!.toLowerCase();
      fields.set(last, field[2]!.trim());
    } else if (/^[ \t]/.test(line) && last) fields.set(last, `${fields.get(last)} ${line.trim()}`);
    else throw new FileTypeError('The file is not an email message (message/rfc822): its header block is malformed.');
  }
  if (![...fields.keys()].some((k) => EMAIL_HEADERS.test(k))) {
    throw new FileTypeError('The file is not an email message (message/rfc822): it has none of the usual header fields (From, Date, Subject...).');
  }
  const declared = (fields.get('content-type') ?? 'text/plain').toLowerCase();
  const body = new TextEncoder().encode(lines.slice(i + 1).join('\n').slice(0, 1024));
  if (!/^(?:text\/html|multipart\/)/.test(declared) && isActiveContent(body)) {
    throw new FileTypeError('The file is not an email message: its body is HTML or a script, and the message does not declare it.');
  }
}

/** ECW (ER Mapper) files start with the tag byte "e" and a format version (1 to 3). */
function checkEcw(bytes: Uint8Array) {
  if (bytes.length < 2 || bytes[0] !== 0x65 || bytes[1]! < 1 || bytes[1]! > 3) {
    throw new FileTypeError('The file is not an ECW image: it lacks the ECW header.');
  }
}

const ZIP_FAMILY = new Set(['zip', 'docs', 'sheet', 'slides']);

/**
 * A signature alone is four bytes anyone can write. Containers must also carry their structure:
 * a zip (and every Office Open XML or OpenDocument file) its end-of-central-directory record,
 * an old Office file a full compound-file header.
 */
function checkContainer(bytes: Uint8Array, ct: string) {
  const isCfb = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (isCfb) {
    if (bytes.length < 1024 || bytes[28] !== 0xfe || bytes[29] !== 0xff) {
      throw new FileTypeError(`The file is not a complete ${ct} file: its compound-file header is truncated or damaged.`);
    }
    return;
  }
  if (!ZIP_FAMILY.has(documentTypeFor(ct)) || ct === 'application/rtf' || !(bytes[0] === 0x50 && bytes[1] === 0x4b)) return;
  if (!hasZipEnd(bytes)) {
    throw new FileTypeError(`The file is not a complete ${ct} file: the zip archive is truncated (no end-of-central-directory record).`);
  }
}

function hasZipEnd(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const commentLength = view.getUint16(at + 20, true);
    const cdSize = view.getUint32(at + 12, true);
    const cdOffset = view.getUint32(at + 16, true);
    if (at + 22 + commentLength === bytes.length && (cdOffset + cdSize <= at || cdOffset === 0xffffffff)) return true;
  }
  return false;
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
