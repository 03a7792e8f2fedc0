// What a document's type is called on screen ("PDF", "Spreadsheet"): the one map every face
// uses (the library, a room's items, the visitor's room tiles), so nobody sees a MIME string.
import { documentTypeFor } from './content-types';

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
