import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_CONTENT_TYPES,
  documentTypeFor,
  isAcceptedContentType,
  normalizeContentType,
  resolveDeclaredContentType,
} from '../../lib/shared/content-types';
import { detectImage, detectUpload, FileTypeError } from './detect';
import { isEncryptedOoxml } from './encrypted-office';
import { inspectPdf } from './pdf';

const countPdfPages = async (bytes: Uint8Array) => (await inspectPdf(bytes)).pages;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function makePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`page ${i + 1}`, { x: 20, y: 100 });
  return doc.save();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

function makePng(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]); // 1x1 RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// A 1x1 baseline JPEG.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

// A 16x16 ICO header pointing at an embedded PNG.
function makeIco(): Buffer {
  const png = makePng();
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(16, 0);
  entry.writeUInt8(16, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(22, 12);
  return Buffer.concat([header, entry, png]);
}

// Stored (uncompressed) zip archive.
function makeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const docxBytes = () =>
  makeZip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document/>',
  });

// A compound-file header (signature, byte order mark 0xFFFE at 28) and two 512-byte sectors.
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1528, 0)]);
CFB.writeUInt16LE(0xfffe, 28);
const text = (s: string) => Buffer.from(s, 'utf8');

async function refused(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FileTypeError);
    return (err as Error).message;
  }
  throw new Error('expected a FileTypeError');
}

describe('content types', () => {
  it('normalises case, parameters and aliases', () => {
    expect(normalizeContentType('Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(normalizeContentType('image/tif')).toBe('image/tiff');
    expect(normalizeContentType('image/jpg')).toBe('image/jpeg');
    expect(normalizeContentType('application/x-zip-compressed')).toBe('application/zip');
    expect(normalizeContentType('application/x-ecw')).toBe('image/x-ecw');
    expect(normalizeContentType(undefined)).toBe('');
  });

  it('accepts the documented set and nothing risky', () => {
    for (const ct of ['application/pdf', 'image/tif', 'image/x-ecw', 'application/x-bak', 'message/rfc822', DOCX, 'video/webm'])
      expect(isAcceptedContentType(ct)).toBe(true);
    for (const ct of ['text/html', 'image/svg+xml', 'application/xml', 'application/octet-stream', 'application/javascript', 'application/x-msdownload', ''])
      expect(isAcceptedContentType(ct)).toBe(false);
    expect(ACCEPTED_CONTENT_TYPES.every((ct) => normalizeContentType(ct) === ct)).toBe(true);
  });

  it('maps content types to document types', () => {
    expect(documentTypeFor('application/pdf')).toBe('pdf');
    expect(documentTypeFor('image/tif')).toBe('image');
    expect(documentTypeFor(DOCX)).toBe('docs');
    expect(documentTypeFor('application/vnd.ms-excel')).toBe('sheet');
    expect(documentTypeFor('text/csv')).toBe('sheet');
    expect(documentTypeFor('application/vnd.oasis.opendocument.presentation')).toBe('slides');
    expect(documentTypeFor('video/quicktime')).toBe('video');
    expect(documentTypeFor('application/zip')).toBe('zip');
    expect(documentTypeFor('message/rfc822')).toBe('email');
    expect(documentTypeFor('image/x-ecw')).toBe('cad');
    expect(documentTypeFor('text/markdown')).toBe('text');
    expect(documentTypeFor('application/x-bak')).toBe('other');
    expect(documentTypeFor('text/html')).toBe('other');
  });

  it('resolves octet-stream to .bak only by file name', () => {
    expect(resolveDeclaredContentType('application/octet-stream', 'db.BAK')).toBe('application/x-bak');
    expect(resolveDeclaredContentType('application/octet-stream', 'db.exe')).toBeNull();
    expect(resolveDeclaredContentType('image/jpg')).toBe('image/jpeg');
  });
});

describe('detectUpload', () => {
  it('accepts real PDFs and counts their pages', async () => {
    const one = await makePdf(1);
    const three = await makePdf(3);
    expect(await detectUpload(one, 'application/pdf', 'a.pdf')).toEqual({ contentType: 'application/pdf', type: 'pdf' });
    expect(await countPdfPages(one)).toBe(1);
    expect(await countPdfPages(three)).toBe(3);
  });

  it('takes the type from the bytes, not the name or a missing declaration', async () => {
    expect(await detectUpload(await makePdf(1), 'application/octet-stream', 'report.txt')).toEqual({
      contentType: 'application/pdf',
      type: 'pdf',
    });
    expect(await detectUpload(makePng(), '', undefined)).toEqual({ contentType: 'image/png', type: 'image' });
  });

  it('accepts images, with the bytes winning inside the image family', async () => {
    expect(await detectUpload(makePng(), 'image/png')).toEqual({ contentType: 'image/png', type: 'image' });
    expect(await detectUpload(JPEG, 'image/jpg')).toEqual({ contentType: 'image/jpeg', type: 'image' });
    expect(await detectUpload(JPEG, 'image/png')).toEqual({ contentType: 'image/jpeg', type: 'image' });
  });

  it('refuses bytes that contradict a declared binary type', async () => {
    expect(await refused(detectUpload(makePng(), 'application/pdf'))).toMatch(/declared as application\/pdf.*image\/png/);
    expect(await refused(detectUpload(await makePdf(1), 'image/png'))).toMatch(/application\/pdf/);
  });

  it('refuses text bytes declared as a PDF', async () => {
    expect(await refused(detectUpload(text('just some text pretending'), 'application/pdf', 'x.pdf'))).toBe(
      'The file is not a PDF.',
    );
  });

  it('accepts zips and detects Office Open XML containers', async () => {
    const zip = makeZip({ 'a.txt': 'hello', 'b/c.txt': 'world' });
    expect(await detectUpload(zip, 'application/zip')).toEqual({ contentType: 'application/zip', type: 'zip' });
    expect(await detectUpload(zip, 'application/x-zip-compressed')).toEqual({ contentType: 'application/zip', type: 'zip' });
    expect(await detectUpload(docxBytes(), DOCX)).toEqual({ contentType: DOCX, type: 'docs' });
    expect(await detectUpload(docxBytes(), 'application/zip')).toEqual({ contentType: DOCX, type: 'docs' });
    expect(await refused(detectUpload(zip, 'application/pdf'))).toMatch(/application\/zip/);
    const jar = makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0' });
    expect(await refused(detectUpload(jar, 'application/zip'))).toMatch(/java-archive.*not an accepted/);
  });

  it('maps Compound File Binary to the declared old Office type only', async () => {
    expect(await detectUpload(CFB, 'application/msword', 'a.doc')).toEqual({ contentType: 'application/msword', type: 'docs' });
    expect(await detectUpload(CFB, 'application/vnd.ms-excel')).toEqual({ contentType: 'application/vnd.ms-excel', type: 'sheet' });
    expect(await refused(detectUpload(CFB, 'application/octet-stream', 'setup.msi'))).toMatch(/compound file/);
    expect(await refused(detectUpload(CFB, DOCX))).toMatch(/compound file/);
  });

  it('accepts a password-protected docx, xlsx or pptx (a compound file holding the encrypted package) as its declared type', async () => {
    const dir = path.join(__dirname, '../../tests/fixtures/encrypted');
    for (const [file, ct, type] of [
      ['locked.docx', DOCX, 'docs'],
      ['locked.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'sheet'],
      ['locked.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'slides'],
    ] as const) {
      const bytes = fs.readFileSync(path.join(dir, file));
      expect(isEncryptedOoxml(bytes), file).toBe(true);
      expect(await detectUpload(bytes, ct, file)).toEqual({ contentType: ct, type });
      // Not as something else: a compound file is still refused as a zip or a PDF.
      expect(await refused(detectUpload(bytes, 'application/zip', 'x.zip'))).toMatch(/compound file/);
    }
    expect(isEncryptedOoxml(CFB)).toBe(false);
  });

  it('accepts clean UTF-8 text for text types', async () => {
    expect(await detectUpload(text('héllo wörld\n'), 'text/plain; charset=utf-8')).toEqual({ contentType: 'text/plain', type: 'text' });
    expect(await detectUpload(text('# Title\n\n<p align="center">x</p>'), 'text/markdown')).toEqual({
      contentType: 'text/markdown',
      type: 'text',
    });
    expect(await detectUpload(text('\uFEFFa,b\n1,2\n'), 'text/csv')).toEqual({ contentType: 'text/csv', type: 'sheet' });
    // a CSV starting with "BM" is not a bitmap, a note starting with "MZ" is not a program
    expect(await detectUpload(text('BMI,weight\n22,70\n'), 'text/csv')).toEqual({ contentType: 'text/csv', type: 'sheet' });
    expect(await detectUpload(text('MZ notes'), 'text/plain')).toEqual({ contentType: 'text/plain', type: 'text' });
    // Windows browsers send .csv as Excel
    expect(await detectUpload(text('a,b\n'), 'application/vnd.ms-excel', 'data.csv')).toEqual({
      contentType: 'text/csv',
      type: 'sheet',
    });
    expect(await refused(detectUpload(text('a,b\n'), 'application/vnd.ms-excel', 'data.xls'))).toMatch(/do not match/);
  });

  it('refuses binary, non-UTF-8 and UTF-16 text', async () => {
    expect(await refused(detectUpload(Buffer.from([0x68, 0x00, 0x69]), 'text/plain'))).toMatch(/NUL/);
    expect(await refused(detectUpload(Buffer.from('caf\xe9', 'latin1'), 'text/plain'))).toMatch(/UTF-8/);
    await refused(detectUpload(Buffer.from('\ufeffhello', 'utf16le'), 'text/plain')); // UTF-16: refused either way
    expect(await refused(detectUpload(Buffer.alloc(0), 'text/plain'))).toBe('The file is empty.');
  });

  it('refuses HTML and SVG, whatever they are declared as', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await refused(detectUpload(text(svg), 'text/plain', 'logo.txt'))).toMatch(/HTML, SVG or XML/);
    expect(await refused(detectUpload(text(`<?xml version="1.0"?>\n${svg}`), 'text/plain'))).toMatch(/SVG|xml/i);
    expect(await refused(detectUpload(text(`  \n<!DOCTYPE html><html></html>`), 'text/markdown'))).toMatch(/HTML/);
    expect(await refused(detectUpload(text(svg), 'image/svg+xml'))).toMatch(/no accepted file type/);
    expect(await refused(detectUpload(text('<html></html>'), 'text/html'))).toMatch(/no accepted file type/);
  });

  it('accepts formats without magic bytes only as declared', async () => {
    const eml = 'Return-Path: <a@b.example>\r\nFrom: A <a@b.example>\r\nSubject: hi\r\n\r\nbody\r\n';
    expect(await detectUpload(text(eml), 'message/rfc822', 'mail.eml')).toEqual({ contentType: 'message/rfc822', type: 'email' });
    expect(await refused(detectUpload(Buffer.from([1, 2, 0, 3]), 'message/rfc822'))).toMatch(/email/);
    expect(await refused(detectUpload(text('no headers here'), 'message/rfc822'))).toMatch(/header/);

    const opaque = Buffer.from([0x65, 0x02, 0x01, 0x02, 0x00, 0x00, 0x10, 0x20, 0x30, 0x40, 0x50]);
    expect(await detectUpload(opaque, 'image/x-ecw', 'map.ecw')).toEqual({ contentType: 'image/x-ecw', type: 'cad' });
    expect(await detectUpload(opaque, 'application/octet-stream', 'db.bak')).toEqual({ contentType: 'application/x-bak', type: 'other' });
    expect(await refused(detectUpload(opaque, 'application/octet-stream', 'db.bin'))).toMatch(/no accepted file type/);
    expect(await refused(detectUpload(opaque, 'video/mp4'))).toMatch(/do not match video\/mp4/);

    // a program is refused even under a type that has no magic bytes of its own
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    expect(await refused(detectUpload(exe, 'application/x-bak', 'x.bak'))).toMatch(/x-msdownload.*not an accepted/);
  });
});

describe('countPdfPages', () => {
  it('refuses corrupt PDFs', async () => {
    expect(await refused(countPdfPages(text('%PDF-1.7\nthis is not really a pdf\n%%EOF')))).toMatch(
      /^The PDF could not be read: /,
    );
    expect(await refused(countPdfPages(text('hello')))).toMatch(/^The PDF could not be read: /);
  });

  it('reads a truncated PDF or refuses it, never crashes', async () => {
    const pdf = await makePdf(3);
    const truncated = pdf.subarray(0, Math.floor(pdf.length / 2));
    await countPdfPages(truncated).then(
      (n) => expect(n).toBeGreaterThanOrEqual(1),
      (err) => expect(err).toBeInstanceOf(FileTypeError),
    );
  });
});

describe('inspectPdf', () => {
  it('gives the first page as a reader sees it: the crop box, turned by /Rotate', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([842, 595]);
    expect(await inspectPdf(await doc.save())).toEqual({ pages: 2, firstPage: { width: 612, height: 792 } });

    const turned = await PDFDocument.create();
    const p = turned.addPage([595.28, 841.89]);
    p.setRotation(degrees(90));
    expect((await inspectPdf(await turned.save())).firstPage).toEqual({ width: 842, height: 595 });

    const cropped = await PDFDocument.create();
    cropped.addPage([600, 800]).setCropBox(50, 50, 300, 400);
    expect((await inspectPdf(await cropped.save())).firstPage).toEqual({ width: 300, height: 400 });
  });
});

describe('detectImage', () => {
  const allowed = ['image/png', 'image/jpeg', 'image/x-icon'];
  it('detects PNG, JPEG and ICO from bytes', async () => {
    expect(await detectImage(makePng(), allowed)).toEqual({ contentType: 'image/png' });
    expect(await detectImage(JPEG, allowed)).toEqual({ contentType: 'image/jpeg' });
    expect(await detectImage(makeIco(), ['image/vnd.microsoft.icon'])).toEqual({ contentType: 'image/x-icon' });
  });

  it('refuses other types, SVG and garbage', async () => {
    expect(await refused(detectImage(JPEG, ['image/png']))).toMatch(/image\/png.*image\/jpeg/);
    expect(await refused(detectImage(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), [...allowed, 'image/svg+xml']))).toMatch(
      /not a recognised image/,
    );
    expect(await refused(detectImage(await makePdf(1), allowed))).toMatch(/application\/pdf/);
    expect(await refused(detectImage(Buffer.alloc(0), allowed))).toMatch(/not a recognised image/);
  });
});

describe('bytes that do not match their declaration (hardening)', () => {
  const html = text('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const svg = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');

  it('refuses HTML, SVG and scripts under types without magic bytes', async () => {
    expect(await refused(detectUpload(html, 'image/x-ecw', 'map.ecw'))).toMatch(/HTML, SVG, XML or a script/);
    expect(await refused(detectUpload(svg, 'application/octet-stream', 'db.bak'))).toMatch(/HTML, SVG, XML or a script/);
    expect(await refused(detectUpload(text('  <?xml version="1.0"?><svg/>'), 'application/x-bak', 'x.bak'))).toMatch(/HTML, SVG/);
    expect(await refused(detectUpload(text('#!/bin/sh\nrm -rf /\n'), 'application/x-bak', 'x.bak'))).toMatch(/script/);
    expect(await refused(detectUpload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), html]), 'application/x-bak', 'x.bak'))).toMatch(/HTML/);
  });

  it('refuses an ECW without its header', async () => {
    expect(await refused(detectUpload(Buffer.alloc(64, 7), 'image/x-ecw', 'map.ecw'))).toMatch(/ECW header/);
  });

  it('refuses a zip or Office file that is only a signature', async () => {
    const stub = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
    expect(await refused(detectUpload(stub, 'application/zip', 'a.zip'))).toMatch(/truncated/);
    const cut = makeZip({ 'a.txt': 'hello' }).subarray(0, 40);
    expect(await refused(detectUpload(cut, 'application/zip', 'a.zip'))).toMatch(/truncated|zip/);
    expect(await refused(detectUpload(docxBytes().subarray(0, 200), DOCX))).toMatch(/truncated|zip|match/);
    expect(await refused(detectUpload(CFB.subarray(0, 100), 'application/msword', 'a.doc'))).toMatch(/compound/);
  });

  it('refuses an email whose undeclared body is HTML, accepts a declared HTML part', async () => {
    const sneaky = 'From: a@b.example\r\nSubject: hi\r\n\r\n<html><script>alert(1)</script></html>';
    expect(await refused(detectUpload(text(sneaky), 'message/rfc822', 'm.eml'))).toMatch(/body is HTML/);
    const real = 'From: a@b.example\r\nSubject: hi\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><p>Hello</p></html>';
    expect(await detectUpload(text(real), 'message/rfc822', 'm.eml')).toEqual({ contentType: 'message/rfc822', type: 'email' });
    expect(await refused(detectUpload(text('<html>\r\nFrom: x\r\n\r\n'), 'message/rfc822'))).toMatch(/header|HTML/);
  });

  it('says what is wrong with a damaged PDF in its own words', async () => {
    const pdf = Buffer.from(await makePdf(2));
    const msg = await refused(countPdfPages(pdf.subarray(0, 60)));
    expect(msg).toMatch(/damaged, truncated/);
    expect(msg).not.toMatch(/undefined|reading|Cannot/);
  });
});
