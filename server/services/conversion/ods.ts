// An OpenDocument spreadsheet prepared for printing (issue 22), as spreadsheet.ts does an xlsx.
// The page setup lives in styles.xml (ODF 1.3 §16.5, §16.9): every page layout gets
// `style:scale-to-X="1"` (one page wide, as many down as the sheet needs; LibreOffice 7.4 honours
// it, and `style:scale-to-Y` left out means "no limit"), and every master page without a header
// of its own gets one printing `<text:sheet-name/>`. A header shows only when its page layout has
// `<style:header-style>` properties (measured: without them LibreOffice dropped the sheet's
// content from the page), so those are added where missing. Sheets are <table:table> elements of
// content.xml, in tab order; a sheet whose table style says `table:display="false"` is hidden.
// A sheet wider than WIDE_COLUMNS prints landscape on twins of its style, master page and page
// layout (a page layout is shared by every sheet of its master page).
import { zip } from '../../lib/zip';
import { WIDE_COLUMNS, setAttr, unescapeXml } from './spreadsheet';
import { readZipFiles } from './zip-guard';

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

/** The suffix of the landscape twins of a page layout, a master page and a table style. */
const WIDE = '-quire-wide';

const ELEMENT = (name: string) => new RegExp(`<${name}(?=[\\s/>])([^>]*?)(\\/>|>[\\s\\S]*?<\\/${name}>)`, 'g');

/** The columns a table's rows use, up to the last cell with content (trailing empty cells, however repeated, do not count). */
export function usedColumns(tableBody: string): number {
  let max = 0;
  for (const row of tableBody.matchAll(/<table:table-row(?=[\s/>])[^>]*?(?:\/>|>([\s\S]*?)<\/table:table-row>)/g)) {
    let col = 0;
    for (const c of (row[1] ?? '').matchAll(/<table:(table-cell|covered-table-cell)(?=[\s/>])([^>]*?)(\/>|>([\s\S]*?)<\/table:\1>)/g)) {
      col += Math.max(1, Number(attr(c[2]!, 'table:number-columns-repeated') ?? 1) || 1);
      if ((c[3] !== '/>' && /\S/.test(c[4] ?? '')) || /\soffice:value-type=/.test(c[2]!)) max = col;
    }
  }
  return max;
}

/** The automatic table styles of content.xml: name → its master page (LibreOffice's "Default" when it names none). */
function tableStyles(contentXml: string): Map<string, { whole: string; master: string }> {
  const out = new Map<string, { whole: string; master: string }>();
  for (const m of contentXml.matchAll(ELEMENT('style:style'))) {
    if (attr(m[1]!, 'style:family') !== 'table') continue;
    out.set(attr(m[1]!, 'style:name') ?? '', { whole: m[0], master: attr(m[1]!, 'style:master-page-name') ?? 'Default' });
  }
  return out;
}

const TABLE = /<table:table(?=[\s/>])([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table>)/g;

/** The master pages of the sheets wider than WIDE_COLUMNS (they print landscape, as an xlsx's do). */
export function mastersOfWideSheets(contentXml: string): Set<string> {
  const styles = tableStyles(contentXml);
  const masters = new Set<string>();
  for (const t of contentXml.matchAll(TABLE)) {
    if (usedColumns(t[2] ?? '') > WIDE_COLUMNS) masters.add(styles.get(attr(t[1]!, 'table:style-name') ?? '')?.master ?? 'Default');
  }
  return masters;
}

/**
 * styles.xml with a landscape twin (`<name>-quire-wide`) of each of `masters`, on a landscape twin
 * of its page layout (orientation set, a given page size turned); answers the masters it made one for.
 */
export function addLandscapeMasters(stylesXml: string, masters: Set<string>): { xml: string; made: Set<string> } {
  const made = new Set<string>();
  const layouts = new Set<string>();
  stylesXml = stylesXml.replace(ELEMENT('style:master-page'), (whole, attrs: string) => {
    const name = attr(attrs, 'style:name');
    const layout = attr(attrs, 'style:page-layout-name');
    if (name === undefined || layout === undefined || !masters.has(name)) return whole;
    made.add(name);
    layouts.add(layout);
    const open = whole.slice(0, whole.indexOf('>') + 1);
    const twin = setAttr(setAttr(open.replace(/\sstyle:display-name="[^"]*"/, ''), 'style:name', name + WIDE), 'style:page-layout-name', layout + WIDE);
    return whole + twin + whole.slice(open.length);
  });
  stylesXml = stylesXml.replace(ELEMENT('style:page-layout'), (whole, attrs: string) => {
    const name = attr(attrs, 'style:name');
    if (name === undefined || !layouts.has(name)) return whole;
    if (whole.endsWith('/>')) whole = `${whole.slice(0, -2).trimEnd()}></style:page-layout>`;
    let twin = whole.replace(/^<style:page-layout\b[^>]*>/, (tag) => setAttr(tag, 'style:name', name + WIDE));
    // The orientation alone turns nothing (measured): the page size must say it. A layout that
    // gives none is on LibreOffice's default paper, which depends on the converter's locale: A4.
    const props = /<style:page-layout-properties\b[^>]*?\/?>/.exec(twin);
    if (!props) twin = twin.replace(/^(<style:page-layout\b[^>]*>)/, '$1<style:page-layout-properties/>');
    const tag = props?.[0] ?? '<style:page-layout-properties/>';
    const w = attr(tag, 'fo:page-width');
    const h = attr(tag, 'fo:page-height');
    const [long, short] = w && h ? (parseFloat(w) >= parseFloat(h) ? [w, h] : [h, w]) : ['29.7cm', '21cm'];
    twin = twin.replace(tag, setAttr(setAttr(setAttr(tag, 'fo:page-width', long), 'fo:page-height', short), 'style:print-orientation', 'landscape'));
    return whole + twin;
  });
  return { xml: stylesXml, made };
}

/** content.xml with each sheet wider than WIDE_COLUMNS on a copy of its table style whose master page is the landscape twin. */
export function landscapeWideSheets(contentXml: string, made: Set<string>): string {
  const styles = tableStyles(contentXml);
  const added = new Map<string, string>();
  contentXml = contentXml.replace(TABLE, (whole, attrs: string, body: string | undefined) => {
    if (usedColumns(body ?? '') <= WIDE_COLUMNS) return whole;
    const styleName = attr(attrs, 'table:style-name') ?? '';
    const style = styles.get(styleName);
    const master = style?.master ?? 'Default';
    if (!made.has(master)) return whole;
    const twin = (styleName || 'quire-table') + WIDE;
    if (!added.has(twin)) {
      const open = style ? style.whole.slice(0, style.whole.indexOf('>') + 1) : '<style:style style:family="table">';
      const rest = style ? (style.whole.endsWith('/>') ? '' : style.whole.slice(open.length)) : '</style:style>';
      const tag = setAttr(setAttr(open.endsWith('/>') ? `${open.slice(0, -2).trimEnd()}>` : open, 'style:name', twin), 'style:master-page-name', master + WIDE);
      added.set(twin, tag + (rest || '</style:style>'));
    }
    return setAttr(`<table:table${attrs}>`, 'table:style-name', twin) + whole.slice(`<table:table${attrs}>`.length);
  });
  if (!added.size) return contentXml;
  const styles2 = [...added.values()].join('');
  if (contentXml.includes('</office:automatic-styles>')) return contentXml.replace('</office:automatic-styles>', `${styles2}</office:automatic-styles>`);
  if (/<office:automatic-styles\s*\/>/.test(contentXml)) return contentXml.replace(/<office:automatic-styles\s*\/>/, `<office:automatic-styles>${styles2}</office:automatic-styles>`);
  return contentXml.replace(/<office:body\b/, `<office:automatic-styles>${styles2}</office:automatic-styles>$&`);
}

/** content.xml past which the wide-sheet check is skipped (it scans every cell in the server process); fitting still applies. */
const MAX_SCANNED_CONTENT = 16 * 1024 * 1024;

/**
 * An ods prepared for printing (every sheet fitted to the page width, named in its header; a
 * sheet wider than WIDE_COLUMNS columns landscape, as an xlsx's) and its visible sheets' names;
 * null when the file is not a readable ods (the converter then gets it as it is). An ods without
 * styles.xml is sent unchanged: LibreOffice's own default page style already prints the sheet name.
 */
export function prepareOds(bytes: Buffer): { bytes: Buffer; sheets: string[] } | null {
  const files = readZipFiles(bytes);
  const content = files?.find((f) => f.name === 'content.xml');
  const styles = files?.find((f) => f.name === 'styles.xml');
  if (!files || !content) return null;
  const contentXml = content.bytes.toString('utf8');
  const sheets = odsSheetNames(contentXml);
  if (!styles) return { bytes, sheets };
  const wide = content.bytes.length <= MAX_SCANNED_CONTENT ? mastersOfWideSheets(contentXml) : new Set<string>();
  const { xml, made } = addLandscapeMasters(fitOdsStyles(styles.bytes.toString('utf8')), wide);
  const edited = new Map([
    ['styles.xml', xml],
    ...(made.size ? [['content.xml', landscapeWideSheets(contentXml, made)] as [string, string]] : []),
  ]);
  return { bytes: zip(files.map((f) => (edited.has(f.name) ? { name: f.name, bytes: Buffer.from(edited.get(f.name)!) } : f))), sheets };
}
