// What a document's type is called on screen ("PDF", "Spreadsheet"): the one map every face
// uses (the library, a room's items, the visitor's room tiles), so nobody sees a MIME string.
import { documentTypeFor, normalizeContentType } from './content-types';

const LABELS: Record<string, string> = {
  pdf: 'PDF',
  docs: 'Document',
  sheet: 'Spreadsheet',
  slides: 'Slides',
  image: 'Image',
  video: 'Video',
  zip: 'Zip',
  email: 'Email',
  cad: 'Map / CAD',
  text: 'Text',
  link: 'Link',
  notion: 'Notion',
  other: 'File',
};

/** A document `type` (pdf, image, sheet…) as people say it; unknown types read "File". */
export const docTypeLabel = (type: string): string => LABELS[type] ?? LABELS.other!;

/** A content type as people say it: `application/pdf` → "PDF", through the document type it maps to. */
export const contentTypeLabel = (contentType: string): string => docTypeLabel(documentTypeFor(contentType));

/** A stored file's format as people name it ("Word document (.docx)"), for a document's details; by the type it maps to otherwise. */
const FILE_KINDS: Record<string, string> = {
  'application/pdf': 'PDF document',
  'application/msword': 'Word document (.doc)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (.docx)',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text (.odt)',
  'application/rtf': 'Rich Text document (.rtf)',
  'application/vnd.ms-excel': 'Excel workbook (.xls)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook (.xlsx)',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet (.ods)',
  'text/csv': 'CSV file',
  'text/tab-separated-values': 'Tab-separated values (.tsv)',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation (.ppt)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation (.pptx)',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation (.odp)',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/tiff': 'TIFF image',
  'image/bmp': 'BMP image',
  'image/webp': 'WebP image',
  'image/x-ecw': 'ECW raster image',
  'application/x-bak': 'Backup file (.bak)',
  'message/rfc822': 'Email message (.eml)',
  'text/plain': 'Plain text',
  'text/markdown': 'Markdown text',
  'text/html': 'Web page',
  'application/zip': 'Zip archive',
  'video/mp4': 'MP4 video',
  'video/quicktime': 'QuickTime video (.mov)',
  'video/webm': 'WebM video',
};

export const fileKindLabel = (contentType: string): string => FILE_KINDS[normalizeContentType(contentType)] ?? contentTypeLabel(contentType);
