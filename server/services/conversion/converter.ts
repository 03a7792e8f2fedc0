// Office file → PDF for the page pipeline (DESIGN.md "Every file type viewable"): Gotenberg when
// CONVERSION_URL is set, else a local soffice, else none (`unavailable`). One conversion at a time
// per instance: a conversion takes a core and hundreds of megabytes, and viewers' page renders
// must keep theirs. Every file is prepared first on a worker thread (prepare-pool.ts: external
// links cut, spreadsheets' page setup), and a spreadsheet's pages are matched to its sheets
// (spreadsheet.ts).
import { config } from '../../config';
import { inspectPdf } from '../../files/pdf';
import { ConversionError, REASONS } from './errors';
import { convertWithGotenberg } from './gotenberg';
import { convertWithSoffice, sofficeAvailable } from './soffice';
import { prepareOffThread } from './prepare-pool';
import { sheetsOfPages } from './spreadsheet';
import { checkOfficeContainer } from './zip-guard';

/** Content types converted to PDF, with the extension the converter is told. */
const EXTENSIONS: Record<string, string> = {
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/rtf': 'rtf',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

export const isConvertible = (contentType: string) => contentType in EXTENSIONS;

export type Converter = 'gotenberg' | 'soffice' | null;

export function availableConverter(): Converter {
  if (config.conversionUrl) return 'gotenberg';
  return sofficeAvailable(config.conversionSoffice) ? 'soffice' : null;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs after every conversion this process started before it (the per-instance limit of one). */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => {});
  return next;
}

/**
 * The PDF of an Office file and its page count (and a spreadsheet's sheet per page);
 * ConversionError says why there is none. `name`: the document's name (a csv's sheet is named
 * after it).
 */
export async function convertToPdf(bytes: Buffer, contentType: string, o: { name?: string | null } = {}) {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new ConversionError('Quire does not preview this type of file. It can be downloaded.', 'unavailable');
  const converter = availableConverter();
  if (!converter) throw new ConversionError(REASONS.noConverter, 'unavailable');
  checkOfficeContainer(bytes, contentType);
  const timeoutMs = config.conversionTimeoutMs;
  const { pdf, sheets } = await oneAtATime(async () => {
    // External links cut (a converter would fetch them); an xlsx or ods prints every sheet fitted
    // to the page width, its name at the top of each page; a csv becomes such an xlsx, its one
    // sheet named after the document.
    const ready = await prepareOffThread(bytes, ext, o.name ?? null);
    const input = Buffer.from(ready.bytes.buffer, ready.bytes.byteOffset, ready.bytes.byteLength);
    const baseName = ready.baseName;
    const pdf =
      converter === 'gotenberg'
        ? await convertWithGotenberg(input, ready.ext, { url: config.conversionUrl!, timeoutMs, baseName })
        : await convertWithSoffice(input, ready.ext, { binary: config.conversionSoffice, timeoutMs, memoryBytes: config.conversionMemoryBytes, maxPauseMs: config.conversionYieldMs, baseName, sandbox: config.conversionSandbox });
    return { pdf, sheets: ready.sheets };
  });
  let info;
  try {
    info = await inspectPdf(pdf);
  } catch {
    throw new ConversionError(REASONS.corrupt);
  }
  const max = config.conversionMaxPages;
  if (info.pages > max) throw new ConversionError(REASONS.tooManyPages(info.pages, max));
  const pageSheets = sheets && sheets.length > 0 ? await sheetsOfPages(pdf, sheets).catch(() => null) : null;
  return { pdf, pages: info.pages, firstPage: info.firstPage, pageSheets };
}
