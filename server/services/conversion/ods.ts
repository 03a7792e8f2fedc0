// An OpenDocument spreadsheet prepared for printing (issue 22), as spreadsheet.ts does an xlsx.
// The page setup lives in styles.xml (ODF 1.3 §16.5, §16.9): every page layout gets
// `style:scale-to-X="1"` (one page wide, as many down as the sheet needs; LibreOffice 7.4 honours
// it, and `style:scale-to-Y` left out means "no limit"), and every master page without a header
// of its own gets one printing `<text:sheet-name/>`. A header shows only when its page layout has
// `<style:header-style>` properties (measured: without them LibreOffice dropped the sheet's
// content from the page), so those are added where missing. Sheets are <table:table> elements of
// content.xml, in tab order; a sheet whose table style says `table:display="false"` is hidden.
import { zip } from '../../lib/zip';
import { readZipEntry, zipEntries } from './zip-guard';

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The visible sheets' names in tab order, from content.xml. */
export function odsSheetNames(contentXml: string): string[] {
  const hidden = new Set<string>();
  for (const m of contentXml.matchAll(/<style:style\b([^>]*?)(?<!\/)>([\s\S]*?)<\/style:style>/g)) {
    if (attr(m[1]!, 'style:family') === 'table' && /<style:table-properties\b[^>]*\stable:display="false"/.test(m[2]!)) hidden.add(attr(m[1]!, 'style:name') ?? '');
  }
  const names: string[] = [];
  for (const m of contentXml.matchAll(/<table:table(\s[^>]*)?>/g)) {
    const tag = m[1] ?? '';
    const style = attr(tag, 'table:style-name');
    if (style && hidden.has(style)) continue;
    const name = attr(tag, 'table:name');
    if (name !== undefined) names.push(unescapeXml(name));
  }
  return names;
}

const FIT = 'style:scale-to-X="1"';
const SCALE_ATTRS = /\s(?:style|loext):(?:scale-to|scale-to-pages|scale-to-X|scale-to-Y)="[^"]*"/g;
const SHEET_NAME_HEADER = '<style:header><text:p><text:sheet-name>???</text:sheet-name></text:p></style:header>';
const HEADER_STYLE = '<style:header-style><style:header-footer-properties fo:min-height="0.75cm" fo:margin-bottom="0.25cm"/></style:header-style>';
const NAMESPACES: Record<string, string> = {
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
};

/** One page layout (<style:page-layout>…</style:page-layout>) fitted to the width; `header`: give it header properties if it has none. */
function fitPageLayout(layout: string, header: boolean): string {
  if (layout.endsWith('/>')) layout = `${layout.slice(0, -2).trimEnd()}></style:page-layout>`;
  const props = /<style:page-layout-properties\b([^>]*?)(\/?)>/.exec(layout);
  let propsEnd: number;
  if (props) {
    const tag = `<style:page-layout-properties${props[1]!.replace(SCALE_ATTRS, '')} ${FIT}${props[2]}>`;
    layout = layout.slice(0, props.index) + tag + layout.slice(props.index + props[0].length);
    propsEnd = props[2] ? props.index + tag.length : layout.indexOf('</style:page-layout-properties>', props.index) + '</style:page-layout-properties>'.length;
  } else {
    const open = layout.indexOf('>') + 1;
    layout = `${layout.slice(0, open)}<style:page-layout-properties ${FIT}/>${layout.slice(open)}`;
    propsEnd = open + `<style:page-layout-properties ${FIT}/>`.length;
  }
  if (!header || /<style:header-style\b[^>]*(?<!\/)>\s*<style:header-footer-properties\b/.test(layout)) return layout;
  layout = layout.replace(/<style:header-style\b[^>]*?(\/>|>[\s\S]*?<\/style:header-style>)/, '');
  return layout.slice(0, propsEnd) + HEADER_STYLE + layout.slice(propsEnd);
}

/** styles.xml with every page layout fitted to the page width and the sheet's name in every header that had none. */
export function fitOdsStyles(xml: string): string {
  // Master pages without a header of their own (or with one switched off) print the sheet name.
  const needHeader = new Set<string>();
  xml = xml.replace(/<style:master-page\b([^>]*?)(\/>|>([\s\S]*?)<\/style:master-page>)/g, (whole, attrs: string, _end: string, inner: string | undefined) => {
    const own = inner !== undefined && /<style:header(?=[\s>])(?![^>]*\sstyle:display="false")[^>]*(?<!\/)>/.test(inner);
    if (own) return whole;
    needHeader.add(attr(attrs, 'style:page-layout-name') ?? '');
    const rest = (inner ?? '').replace(/<style:header(?=[\s/>])[^>]*?(\/>|>[\s\S]*?<\/style:header>)/, '');
    return `<style:master-page${attrs}>${SHEET_NAME_HEADER}${rest}</style:master-page>`;
  });
  xml = xml.replace(/<style:page-layout(?=[\s/>])([^>]*?)(\/>|>[\s\S]*?<\/style:page-layout>)/g, (whole, attrs: string) => fitPageLayout(whole, needHeader.has(attr(attrs, 'style:name') ?? '')));
  // The prefixes used above, declared on the root where a writer left one out.
  const root = /<office:document-styles\b[^>]*>/.exec(xml);
  if (root) {
    const missing = Object.entries(NAMESPACES).filter(([p]) => !root[0].includes(`xmlns:${p}=`));
    if (missing.length) xml = xml.replace(root[0], `${root[0].slice(0, -1)}${missing.map(([p, ns]) => ` xmlns:${p}="${ns}"`).join('')}>`);
  }
  return xml;
}

/**
 * An ods prepared for printing (every sheet fitted to the page width, named in its header) and its
 * visible sheets' names; null when the file is not a readable ods (the converter then gets it as
 * it is). An ods without styles.xml is sent unchanged: LibreOffice's own default page style
 * already prints the sheet name.
 */
export function prepareOds(bytes: Buffer): { bytes: Buffer; sheets: string[] } | null {
  const entries = zipEntries(bytes);
  if (!entries) return null;
  const files = [];
  let sheets: string[] | null = null;
  let styled = false;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const data = readZipEntry(bytes, e);
    if (!data) return null;
    if (e.name === 'content.xml') sheets = odsSheetNames(data.toString('utf8'));
    const styles = e.name === 'styles.xml';
    styled ||= styles;
    files.push({ name: e.name, bytes: styles ? Buffer.from(fitOdsStyles(data.toString('utf8'))) : data });
  }
  if (!sheets) return null;
  return { bytes: styled ? zip(files) : bytes, sheets };
}
