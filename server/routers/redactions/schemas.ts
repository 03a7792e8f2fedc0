import { z } from 'zod';
import { id, jsonInt, jsonNumber } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { PATTERNS } from '../../services/redactions/patterns';

const fraction = (what: string) => jsonNumber(0, 1).describe(what);
const extent = (what: string) => z.number().gt(0).max(1).pipe(z.number()).describe(what);

const BoxInput = z.strictObject({
  page: jsonInt(1, 100_000).describe('Page number, from 1'),
  x: fraction('Left edge, a fraction of the page width (0 at the left of the page as shown)'),
  y: fraction('Top edge, a fraction of the page height (0 at the top, y downwards)'),
  width: extent('A fraction of the page width; x + width is at most 1'),
  height: extent('A fraction of the page height; y + height is at most 1'),
});

const term = z.string().trim().min(1, 'a term must not be empty').max(200);
const pattern = z.enum(PATTERNS).describe('email, phone, iban (mod-97 checked), card (Luhn checked) or ssn (US)');

const DraftFields = {
  marks: z.array(BoxInput).max(1000).optional().describe('Boxes to black out'),
  terms: z.array(term).max(100).optional().describe('Every occurrence of each term, case and accents ignored, across line breaks; in form fields and annotations too'),
  patterns: z.array(pattern).max(5).optional().describe('Personal data to find'),
  reason: z.string().trim().max(500).nullable().optional().describe('Why the document is redacted (kept with the redaction)'),
};

export const CreateRedactionInput = z.strictObject({ id: id('document id'), ...DraftFields });
export const UpdateRedactionInput = z.strictObject({
  id: id('redaction id'),
  ...DraftFields,
  remove_mark_ids: z.array(id("mark id")).max(20_000).optional().describe('Marks to drop (by id)'),
});
export const RedactionIdInput = z.strictObject({ id: id('redaction id') });
export const DocumentRedactionsInput = z.strictObject({ id: id('document id') });

export const Mark = z.object({
  id: z.string(),
  page: z.int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  source: z.enum(['box', 'term', 'pattern']),
  text: z.string().describe('The text the mark covers, as read from the page (empty when none, e.g. over an image)'),
});

export const Redaction = z.object({
  id: z.string(),
  object: z.literal('redaction'),
  document_id: z.string(),
  source_version_id: z.string().describe('The version the marks are drawn on'),
  result_version_id: z.string().nullable().describe('The redacted version, once applied'),
  status: z.enum(['draft', 'applying', 'applied', 'failed']),
  marks: z.array(Mark),
  terms: z.array(z.string()),
  patterns: z.array(pattern),
  reason: z.string().nullable(),
  verification: z
    .object({ pages_checked: z.int(), characters_under_marks: z.int(), checked_at: z.string() })
    .nullable()
    .describe('The redacted file read again before it was published; characters_under_marks is 0 on every applied redaction'),
  error: z.string().nullable().describe('Why it failed (nothing was published)'),
  created: z.string(),
  applied_at: z.string().nullable(),
});

export const RedactionList = z.object({ data: z.array(Redaction), next_cursor: z.string().nullable() });

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Redactions',
    description:
      'Redaction that removes: a draft lists marks (boxes, every occurrence of terms, personal data found by pattern) with the text each covers; ' +
      'applying (202, then poll) writes a new primary version in which nothing under a mark survives — no text, image pixels or vector art, no ' +
      'annotation, form field, bookmark, metadata or attachment holding it — verified by reading the new file again before it is published. ' +
      'Earlier versions stay downloadable by the team only. Scopes `documents.read` / `documents.write`.',
  },
  examples: {
    'redactions-create': { marks: [{ page: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.05 }], terms: ['Project Falcon'], patterns: ['email', 'iban'], reason: 'Buyer data room' },
    'redactions-update': { remove_mark_ids: ['rm_0123456789abcdef'], terms: ['Jane Doe'] },
  },
};
