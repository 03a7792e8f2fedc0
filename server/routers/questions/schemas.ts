import { z } from 'zod';
import { cursorQuery, id, jsonBool, limitQuery, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';

const status = z.enum(['open', 'answered', 'closed']);
/** Plain text of a person (a question or an answer): trimmed, not empty, no NUL. */
export const qaText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\u0000]*$/, 'must not contain NUL characters');

export const Question = z.object({
  id: z.string(),
  object: z.literal('question'),
  dataroom_id: z.string(),
  document_id: z.string().nullable().describe('The library document asked about; null when the question is about the room'),
  page_number: z.int().nullable(),
  text: z.string(),
  asked_by: z.object({ visitor_id: z.string(), email: z.string() }),
  status,
  published: z.boolean().describe('In the room’s FAQ (seen by every viewer who may view the item); otherwise private to the asker'),
  answers: z.array(z.object({ id: z.string(), text: z.string(), answered_by: z.object({ email: z.string().nullable() }), created: z.string() })),
  created: z.string(),
  updated_at: z.string(),
});
export const QuestionList = listOf(Question);

export const ListQuestionsInput = z.strictObject({
  id: id('data room id'),
  status: status.optional(),
  document_id: id('document_id').optional(),
  limit: limitQuery(25),
  cursor: cursorQuery,
});
export const QuestionIdInput = z.strictObject({ id: id('question id') });
export const AnswerQuestionInput = z.strictObject({
  id: id('question id'),
  text: qaText(10_000),
  publish: jsonBool().optional().describe('true: into the room’s FAQ; false: private to the asker; left out: as it was'),
});
export const UpdateQuestionInput = z
  .strictObject({ id: id('question id'), status: status.optional(), published: jsonBool().optional() })
  .refine((v) => v.status !== undefined || v.published !== undefined, { message: 'give status, published or both' });

/** The resource in the OpenAPI document: its tag's text and request examples (server/openapi/resources.ts). */
export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Questions',
    description:
      'Room Q&A: visitors with a verified email ask about a room, a document or a page; the team answers, privately ' +
      'or into the room’s FAQ. The asker is mailed each answer. Scopes `datarooms.read` / `datarooms.write`.',
  },
  examples: {
    'questions-answer': { text: 'The lease runs until 2031; see section 4.2 of the agreement.', publish: true },
    'questions-update': { status: 'closed' },
  },
};
