// External links cut from Office files before conversion (issue 43); the real converter's side is
// tests/conversion-links.test.ts.
import { describe, expect, it } from 'vitest';
import { zip } from '../../lib/zip';
import { insidePackage, neutraliseFieldCodes, stripExternalRelationships, stripOdfExternalReferences, withoutExternalLinks } from './external-links';
import { readZipFiles } from './zip-guard';

const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const LINK = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const rels = (...r: string[]) => `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${r.join('')}</Relationships>`;

describe('Office Open XML relationships', () => {
  it('removes external targets except hyperlinks, however the attributes are written', () => {
    const out = stripExternalRelationships(
      rels(
        `<Relationship Id="a" Type="${IMAGE}" Target="media/image1.png"/>`,
        `<Relationship Id="b" Type="${IMAGE}" Target="http://127.0.0.1:8080/x.png" TargetMode="External"/>`,
        `<Relationship Id='c>' TargetMode='External' Type='${IMAGE}' Target='file:///etc/hostname'/>`,
        `<Relationship Id="d" Type="${IMAGE}" Target="http://169.254.169.254/latest"/>`,
        `<Relationship Id="e" Type="${IMAGE}" Target="\\\\server\\share\\x.png" TargetMode="Internal"/>`,
        `<Relationship Id="f" Type="${IMAGE}" Target="x" TargetMode="&#69;xternal"></Relationship>`,
        `<Relationship Id="g" Type="${LINK}" Target="https://example.com/" TargetMode="External"/>`,
      ),
    );
    expect(out).toContain('Id="a"');
    expect(out).toContain('Id="g"');
    for (const id of ['"b"', "'c>'", '"d"', '"e"', '"f"']) expect(out).not.toContain(`Id=${id}`);
  });

  it('Word field codes that load files lose their verb; text elsewhere is untouched', () => {
    const xml = '<w:p><w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "http://127.0.0.1/x.png" \\d </w:instrText></w:r><w:fldSimple w:instr=\'includetext "file:///etc/passwd"\'/><w:t>Import duties</w:t></w:p>';
    const out = neutraliseFieldCodes(xml);
    expect(out).not.toMatch(/INCLUDEPICTURE|includetext/i);
    expect(out).toContain('<w:t>Import duties</w:t>');
  });
});

describe('OpenDocument references', () => {
  it('empties references that leave the package, keeps links and the package’s own parts', () => {
    const xml =
      '<office:text><draw:frame><draw:image xlink:href="http://[::1]:9/x.png"/></draw:frame><draw:frame><draw:image xlink:href="Pictures/a.png"/></draw:frame>' +
      '<draw:frame><draw:object xlink:href="./Object 1"/></draw:frame><text:section-source xlink:href="../../../etc/hostname"/><table:table-source foo:href=\'file:///x\' note="a>b"/>' +
      '<form:button form:image-data="http://127.0.0.1/b.png"/><style:background-image xlink:href="/etc/hostname"/><draw:image xlink:href="%2e%2e/secret.png"/>' +
      '<text:a xlink:href="https://example.com/">a link</text:a></office:text>';
    const out = stripOdfExternalReferences(xml);
    expect(out).not.toMatch(/::1|127\.0\.0\.1|etc\/hostname|file:|%2e/);
    expect(out).toContain('xlink:href="Pictures/a.png"');
    expect(out).toContain('xlink:href="./Object 1"');
    expect(out).toContain('<text:a xlink:href="https://example.com/">');
    // A form button's picture is loaded as the file opens: only its click target is a link.
    expect(out).toContain('<form:button form:image-data=""/>');
  });

  it('tells package references from the outside', () => {
    expect(insidePackage('Pictures/x.png')).toBe(true);
    expect(insidePackage('#Slide 2')).toBe(true);
    for (const h of ['http://x', 'FILE:///x', '/etc/passwd', '../x', 'a/../../x', '%2E%2E/x', 'C:\\x', '\\\\host\\x', '%zz']) expect(insidePackage(h)).toBe(false);
  });
});

describe('whole files', () => {
  it('rewrites only what changed, and gives back the same bytes when nothing links out', () => {
    const doc = zip([
      { name: 'word/document.xml', bytes: Buffer.from('<w:document/>') },
      { name: 'word/_rels/document.xml.rels', bytes: Buffer.from(rels(`<Relationship Id="b" Type="${IMAGE}" Target="http://127.0.0.1/x.png" TargetMode="External"/>`)) },
    ]);
    const out = withoutExternalLinks(doc, 'docx')!;
    const files = readZipFiles(out)!;
    expect(files.map((f) => f.name)).toEqual(['word/document.xml', 'word/_rels/document.xml.rels']);
    expect(files[1]!.bytes.toString()).not.toContain('127.0.0.1');
    const clean = zip([{ name: 'word/document.xml', bytes: Buffer.from('<w:document/>') }]);
    expect(withoutExternalLinks(clean, 'docx')).toBe(clean);
  });
});
