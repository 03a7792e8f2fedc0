// A large xlsx made as a stream (issue 43): the sheet's XML is written row by row into a
// deflate stream, so a file holding hundreds of megabytes of sheet XML never sits in the test's
// memory whole; only the compressed package does.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

type Entry = { name: string; data: Buffer; crc: number; size: number };

async function deflated(chunks: Iterable<string>): Promise<Entry & { name: '' }> {
  const z = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  z.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((r) => z.on('end', r));
  let crc = 0;
  let size = 0;
  for (const s of chunks) {
    const b = Buffer.from(s);
    crc = crc32(b, crc);
    size += b.length;
    if (!z.write(b)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return { name: '', data: Buffer.concat(out), crc, size };
}

const small = (name: string, s: string): Entry => {
  const b = Buffer.from(s);
  return { name, data: deflateRawSync(b), crc: crc32(b), size: b.length };
};

function pack(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const c = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(c.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, c, end]);
}

const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'];

function* sheetXml(rows: number): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  yield `<dimension ref="A1:F${rows}"/><sheetData>`;
  const batch: string[] = [];
  for (let r = 1; r <= rows; r++) {
    // Numbers that differ from row to row, so the XML compresses about as a real sheet's does.
    batch.push(`<row r="${r}">${COLUMNS.map((c, i) => `<c r="${c}${r}"><v>${((r * 7919 + i * 104729) % 1_000_003) / 100}</v></c>`).join('')}</row>`);
    if (batch.length === 2000) yield batch.splice(0).join('');
  }
  yield batch.join('');
  yield '</sheetData></worksheet>';
}

/** An xlsx of one sheet of `rows` rows × 6 numbers; `sheetBytes` is its sheet XML's unpacked size. */
export async function largeXlsx(rows: number): Promise<{ bytes: Buffer; sheetBytes: number }> {
  const sheet = { ...(await deflated(sheetXml(rows))), name: 'xl/worksheets/sheet1.xml' };
  const bytes = pack([
    small(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    small('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    small(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Ledger" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
  return { bytes, sheetBytes: sheet.size };
}
