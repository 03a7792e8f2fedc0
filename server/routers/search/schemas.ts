import { z } from 'zod';
import { cursorQuery, id, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';
import { DOC_TYPES } from '../../../lib/shared/content-types';
import { SNIPPET_MAX } from '../../services/search/snippet';

export const SEARCH_QUERY_MAX = 500;

export const SearchInput = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .min(1, 'q must not be empty')
    .max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`)
    .describe('What a search box takes: words (all must match), "an exact phrase", -word to exclude, or between alternatives. Case and accents never matter; words match in the document’s language (signed finds signing). Any text up to 500 characters is a search: a query with nothing to match finds nothing.'),
  dataroom_id: id('dataroom_id').optional().describe('Only documents of this data room (also needs the datarooms.read scope).'),
  folder_id: id('folder_id').optional().describe('Only documents of this library folder and its subfolders.'),
  document_id: id('document_id').optional().describe('Only this document (find in a document).'),
  type: z.enum(DOC_TYPES).optional().describe('Only documents of this type.'),
  limit: limitQuery(25),
  cursor: cursorQuery,
});

export const SearchHit = z.object({
  object: z.literal('search_hit'),
  document_id: z.string(),
  document_name: z.string(),
  version_id: z.string().describe('The primary version whose words matched (only primary versions are searched).'),
  page_number: z.int().nullable().describe('The page the words are on; null for a match of the document’s name.'),
  snippet: z.string().max(SNIPPET_MAX).describe(`Plain text around the match, at most ${SNIPPET_MAX} characters (… where cut); for a name match, the name.`),
  highlights: z
    .array(z.tuple([z.int(), z.int()]))
    .describe('The matched words in snippet: [start, end) offsets in UTF-16 code units (as JavaScript strings count).'),
  score: z.number().describe('Relevance: higher first, comparable within one search only.'),
  match: z.enum(['name', 'text']).describe('name: the document’s name matched (listed first); text: words of a page.'),
  index_number: z
    .string()
    .nullable()
    .describe('In a room’s search (`dataroom_id`): the document’s index number in the room ("2.1"); null otherwise, or when the room has index_numbers off.'),
});

export const SearchHitList = listOf(SearchHit);

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Search',
    description:
      'Search inside documents: names and the words of every page of every primary version (text layers, and scanned pages read by OCR ' +
      'where the server has tesseract), in each document’s language. One hit per (document, page), best first, with a snippet and ' +
      'highlight offsets. A document’s `text_status` says whether its words are searchable yet. Scope `documents.read`.',
  },
};
