// What an Office file links to outside itself is cut before any converter opens it (issue 43):
// LibreOffice, local or inside Gotenberg, fetches a linked image or section while it loads and
// prints the answer into the preview, so an uploaded file could aim the server at loopback
// services, cloud metadata or its own disk (file://). The local converter is fenced too
// (sandbox.ts); Gotenberg must run with outbound traffic blocked (README).
// - Office Open XML (docx, xlsx, pptx): every relationship (`_rels/*.rels`) with
//   TargetMode="External", or a target with a scheme or a UNC path, is removed, except
//   hyperlinks (a link in the PDF, never fetched); Word field codes that load a file or a picture
//   (INCLUDEPICTURE, INCLUDETEXT, IMPORT) lose their verb, in a docx and in an RTF.
// - OpenDocument (odt, ods, odp): every `*:href` (and a form's `image-data`) that leaves the
//   package (a scheme, an absolute path, `..`) is emptied, except on hyperlinks and click actions.
// Files are rewritten in the ZIP only where something changed; the rest is copied as stored.
import { unescapeXml } from './spreadsheet';
import { readZipEntry, zipEntries } from './zip-guard';
import { replaceZipEntries } from './zip-rewrite';

/** A start tag whose attribute values may hold `>`. */
const TAG = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}\\b(?:[^>"']|"[^"]*"|'[^']*')*>`, 'g');
const ATTR = /\s([\w.-]+:)?([\w.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(ATTR)) out.set(m[2]!, unescapeXml(m[4] ?? m[5] ?? ''));
  return out;
}

const SCHEME = /^\s*[a-z][a-z0-9+.-]*:/i;
const UNC = /^\s*[\\/]{2}/;

/** Office Open XML relationships: the text with every non-hyperlink external relationship removed. */
export function stripExternalRelationships(rels: string): string {
  return rels.replace(/<(?:[\w.-]+:)?Relationship\b(?:[^>"']|"[^"]*"|'[^']*')*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?Relationship\s*>)/g, (rel) => {
    const start = /^<(?:[^>"']|"[^"]*"|'[^']*')*>/.exec(rel)?.[0] ?? rel;
    const a = attributes(start);
    const target = a.get('Target') ?? '';
    const external = /^\s*external\s*$/i.test(a.get('TargetMode') ?? '') || SCHEME.test(target) || UNC.test(target);
    const hyperlink = /\/hyperlink$/.test(a.get('Type') ?? '');
    return external && !hyperlink ? '' : rel;
  });
}

const FETCHING_FIELDS = /\b(INCLUDEPICTURE|INCLUDETEXT|IMPORT)\b/gi;

/** A WordprocessingML part with the field codes that load files made inert. */
export function neutraliseFieldCodes(xml: string): string {
  if (!/INCLUDEPICTURE|INCLUDETEXT|IMPORT/i.test(xml)) return xml;
  return xml
    .replace(/(<(?:[\w.-]+:)?instrText\b[^>]*>)([\s\S]*?)(<\/(?:[\w.-]+:)?instrText>)/g, (_, open: string, body: string, close: string) => open + body.replace(FETCHING_FIELDS, 'QUIRE-REMOVED') + close)
    .replace(/(\s(?:[\w.-]+:)?instr\s*=\s*)("[^"]*"|'[^']*')/g, (_, name: string, value: string) => name + value.replace(FETCHING_FIELDS, 'QUIRE-REMOVED'));
}

/** Whether an OpenDocument reference stays inside the package (`Pictures/a.png`, `./Object 1`, `#Slide 2`). */
export function insidePackage(href: string): boolean {
  let h: string;
  try {
    h = decodeURIComponent(href).trim();
  } catch {
    return false;
  }
  if (!h) return true;
  return !SCHEME.test(h) && !/^[\\/]/.test(h) && !/(^|[\\/])\.\.([\\/]|$)/.test(h);
}

// Elements whose reference is followed only when a reader clicks: links and click actions.
const CLICKED = new Set(['a', 'event-listener', 'area-rectangle', 'area-circle', 'area-polygon', 'form', 'button']);
const URL_ATTR = /\s((?:[\w.-]+:)?(?:href|image-data))(\s*=\s*)("([^"]*)"|'([^']*)')/g;

/** An OpenDocument XML part with every reference that leaves the package emptied (links excepted). */
export function stripOdfExternalReferences(xml: string): string {
  if (!/:href|image-data/.test(xml)) return xml;
  return xml.replace(/<([\w.-]+:)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/g, (tag, _p: string | undefined, local: string, attrs: string) => {
    if (!/href|image-data/.test(attrs)) return tag;
    // A link's target stays (followed only on a click); a picture it shows (image-data) does not.
    const clicked = CLICKED.has(local);
    const fixed = attrs.replace(URL_ATTR, (whole, name: string, eq: string, _v: string, dq?: string, sq?: string) =>
      (clicked && name.endsWith('href')) || insidePackage(unescapeXml(dq ?? sq ?? '')) ? whole : ` ${name}${eq}""`,
    );
    return fixed === attrs ? tag : `<${_p ?? ''}${local}${fixed}>`;
  });
}

/** The parts each kind of package may hold links in, and what is done to them. */
function editorFor(ext: string, name: string): ((xml: string) => string) | null {
  if (ext === 'docx' || ext === 'xlsx' || ext === 'pptx') {
    if (name.endsWith('.rels')) return stripExternalRelationships;
    if (ext === 'docx' && /^word\/[^/]+\.xml$/.test(name)) return neutraliseFieldCodes;
    return null;
  }
  if (ext === 'odt' || ext === 'ods' || ext === 'odp') return name.endsWith('.xml') && !name.startsWith('META-INF/') ? stripOdfExternalReferences : null;
  return null;
}

export const LINKABLE = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

/**
 * The file with its external links cut (the same bytes when it has none, or is not a package
 * this knows); null when the ZIP cannot be read.
 */
export function withoutExternalLinks(bytes: Buffer, ext: string): Buffer | null {
  if (ext === 'rtf') {
    // An RTF is text: its field codes are cut in place (bytes kept as they are otherwise).
    // (IMPORT is left: unlike the two others it is also a word of the text.)
    const text = bytes.toString('latin1');
    return /INCLUDEPICTURE|INCLUDETEXT/i.test(text) ? Buffer.from(text.replace(/\b(INCLUDEPICTURE|INCLUDETEXT)\b/gi, 'QUIRE-REMOVED'), 'latin1') : bytes;
  }
  if (!LINKABLE.has(ext)) return bytes;
  const entries = zipEntries(bytes);
  if (!entries) return null;
  const changes = new Map<string, Buffer>();
  for (const e of entries) {
    const edit = editorFor(ext, e.name);
    if (!edit) continue;
    const raw = readZipEntry(bytes, e);
    if (!raw) return null;
    const xml = raw.toString('utf8');
    const out = edit(xml);
    if (out !== xml) changes.set(e.name, Buffer.from(out, 'utf8'));
  }
  return changes.size ? replaceZipEntries(bytes, changes) : bytes;
}
