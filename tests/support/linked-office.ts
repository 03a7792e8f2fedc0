// Office files whose pictures are links to elsewhere (issue 43): a real docx, xlsx, pptx or odt
// written by LibreOffice (support/office.ts), with one linked picture per URL added the way Word,
// Excel, PowerPoint and LibreOffice write them: an image relationship with TargetMode="External"
// (`<a:blip r:link>`), or an ODF `<draw:image xlink:href>` to the URL.
import { zip } from '../../server/lib/zip';
import { readZipFiles } from '../../server/services/conversion/zip-guard';
import { docx, odt, pptx, xlsx } from './office';

type Files = { name: string; bytes: Buffer }[];

const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const IMAGE_REL = `${REL_NS}/image`;
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const EMU = 952_500; // 1 inch

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function edit(files: Files, name: string, change: (xml: string | null) => string): Files {
  const at = files.findIndex((f) => f.name === name);
  const bytes = Buffer.from(change(at >= 0 ? files[at]!.bytes.toString('utf8') : null));
  return at >= 0 ? files.map((f, i) => (i === at ? { name, bytes } : f)) : [...files, { name, bytes }];
}

/** A relationships part with external image relationships `quire-link-<n>` added. */
function withLinks(rels: string | null, urls: string[]): string {
  const added = urls.map((u, i) => `<Relationship Id="quireLink${i}" Type="${IMAGE_REL}" Target="${xmlAttr(u)}" TargetMode="External"/>`).join('');
  return rels
    ? rels.replace('</Relationships>', `${added}</Relationships>`)
    : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${added}</Relationships>`;
}

const blip = (i: number) => `<a:blip xmlns:a="${A_NS}" xmlns:r="${REL_NS}" r:link="quireLink${i}"/>`;
const shape = (p: string) => `<${p}:spPr><a:xfrm xmlns:a="${A_NS}"><a:off x="0" y="0"/><a:ext cx="${EMU}" cy="${EMU}"/></a:xfrm><a:prstGeom xmlns:a="${A_NS}" prst="rect"><a:avLst/></a:prstGeom></${p}:spPr>`;

export async function linkedDocx(urls: string[]): Promise<Buffer> {
  let files = readZipFiles(await docx(['Linked pictures below']))!;
  const pics = urls
    .map(
      (_, i) =>
        `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${EMU}" cy="${EMU}"/><wp:docPr id="${900 + i}" name="Linked ${i}"/>` +
        `<a:graphic xmlns:a="${A_NS}"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
        `<pic:nvPicPr><pic:cNvPr id="${900 + i}" name="Linked ${i}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>${blip(i)}<a:stretch><a:fillRect/></a:stretch></pic:blipFill>${shape('pic')}</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
    )
    .join('');
  files = edit(files, 'word/document.xml', (x) => x!.replace(/<w:sectPr\b/, `${pics}$&`));
  files = edit(files, 'word/_rels/document.xml.rels', (x) => withLinks(x, urls));
  return zip(files);
}

export async function linkedPptx(urls: string[]): Promise<Buffer> {
  let files = readZipFiles(await pptx(['Linked pictures']))!;
  const pics = urls
    .map(
      (_, i) =>
        `<p:pic><p:nvPicPr><p:cNvPr id="${900 + i}" name="Linked ${i}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill>${blip(i)}<a:stretch xmlns:a="${A_NS}"><a:fillRect/></a:stretch></p:blipFill>${shape('p')}</p:pic>`,
    )
    .join('');
  files = edit(files, 'ppt/slides/slide1.xml', (x) => x!.replace('</p:spTree>', `${pics}</p:spTree>`));
  files = edit(files, 'ppt/slides/_rels/slide1.xml.rels', (x) => withLinks(x, urls));
  return zip(files);
}

export async function linkedXlsx(urls: string[]): Promise<Buffer> {
  let files = readZipFiles(await xlsx('Linked,pictures\n1,2\n'))!;
  const anchors = urls
    .map(
      (_, i) =>
        `<xdr:oneCellAnchor><xdr:from><xdr:col>${i}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>3</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="${EMU}" cy="${EMU}"/>` +
        `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${900 + i}" name="Linked ${i}"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill>${blip(i)}<a:stretch xmlns:a="${A_NS}"><a:fillRect/></a:stretch></xdr:blipFill>${shape('xdr')}</xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`,
    )
    .join('');
  files = edit(files, 'xl/drawings/quire-drawing.xml', () => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing">${anchors}</xdr:wsDr>`);
  files = edit(files, 'xl/drawings/_rels/quire-drawing.xml.rels', () => withLinks(null, urls));
  files = edit(files, 'xl/worksheets/_rels/sheet1.xml.rels', (x) => {
    const rel = `<Relationship Id="quireDrawing" Type="${REL_NS}/drawing" Target="../drawings/quire-drawing.xml"/>`;
    return x ? x.replace('</Relationships>', `${rel}</Relationships>`) : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel}</Relationships>`;
  });
  files = edit(files, 'xl/worksheets/sheet1.xml', (x) => x!.replace(/(<(?:legacyDrawing|tableParts|extLst)\b|<\/worksheet>)/, `<drawing xmlns:r="${REL_NS}" r:id="quireDrawing"/>$1`));
  files = edit(files, '[Content_Types].xml', (x) =>
    x!.replace('</Types>', '<Override PartName="/xl/drawings/quire-drawing.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>'),
  );
  return zip(files);
}

export async function linkedOdt(urls: string[]): Promise<Buffer> {
  let files = readZipFiles(await odt(['Linked pictures below']))!;
  const frames = urls
    .map(
      (u, i) =>
        `<text:p><draw:frame xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" draw:name="Linked ${i}" text:anchor-type="as-char" svg:width="2.54cm" svg:height="2.54cm">` +
        `<draw:image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="${xmlAttr(u)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
    )
    .join('');
  files = edit(files, 'content.xml', (x) => x!.replace('</office:text>', `${frames}</office:text>`));
  // The mimetype entry first and stored, as ODF requires (zip() stores what does not compress).
  return zip([...files.filter((f) => f.name === 'mimetype'), ...files.filter((f) => f.name !== 'mimetype')]);
}
