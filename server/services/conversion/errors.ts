// Why a file has no preview, as the owner reads it (preview_error). `failed`: this file cannot be
// shown; `unavailable`: this instance has no converter (the file may convert elsewhere).
export class ConversionError extends Error {
  constructor(
    message: string,
    readonly status: 'failed' | 'unavailable' = 'failed',
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

export const REASONS = {
  noConverter: 'No document converter is configured on this server (set CONVERSION_URL or install LibreOffice), so a preview cannot be made. The file can still be downloaded.',
  timeout: (s: number) => `The conversion took longer than ${s} seconds and was stopped. The file may be too large or damaged.`,
  password: 'The file is password-protected, so it cannot be previewed. Remove the password and upload it again.',
  corrupt: 'The file could not be read: it is damaged or not a complete document.',
  zipBomb: 'The file expands to far more data than a document holds (a compressed "zip bomb"), so it was not converted.',
  tooManyPages: (n: number, max: number) => `The converted document has ${n} pages; previews stop at ${max} pages. The file can still be downloaded.`,
  memory: 'The conversion ran out of memory and was stopped.',
  sheetsTooLarge: (mb: number, maxMb: number) =>
    `The spreadsheet's sheets hold ${mb} MB of data once unpacked; previews stop at ${maxMb} MB. The file can still be downloaded.`,
} as const;
