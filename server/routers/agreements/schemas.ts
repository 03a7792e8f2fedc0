import { z } from 'zod';
import { cursorQuery, deleted, id, jsonBool, limitQuery, listOf } from '../../schemas/common';
import { httpsUrl, name } from '../../schemas/fields';
import { AGREEMENT_CONTENT_TYPES, AGREEMENT_TEXT_MAX } from '../../../lib/shared/agreements';
import type { ResourceDocs } from '../../openapi/resource-docs';

export const Agreement = z.object({
  id: z.string(),
  object: z.literal('agreement'),
  name: z.string(),
  content_type: z.enum(AGREEMENT_CONTENT_TYPES),
  text: z.string().nullable(),
  url: z.string().nullable(),
  document_id: z.string().nullable(),
  require_name: z.boolean(),
  version: z.string().describe('SHA-256 (hex) of the content: it changes when the terms change, and visitors are asked again'),
  created: z.string(),
  updated_at: z.string(),
});
export const AgreementList = listOf(Agreement);

export const AgreementAcceptance = z.object({
  id: z.string(),
  object: z.literal('agreement_acceptance'),
  agreement_id: z.string(),
  agreement_version: z.string(),
  link_id: z.string().nullable(),
  view_id: z.string().nullable(),
  visitor_id: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z
    .boolean()
    .describe('Whether the visitor proved `email` with a one-time code (on accepting, or later in the same session); a typed, unconfirmed address is false. The receipt is mailed only to a proven address.'),
  name: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  accepted_at: z.string(),
});
export const AgreementAcceptanceList = listOf(AgreementAcceptance);

const agreementId = id('agreement id');
const text = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(AGREEMENT_TEXT_MAX, `must be at most ${AGREEMENT_TEXT_MAX.toLocaleString('en')} characters`)
  .regex(/^[^\u0000]*$/, 'must not contain NUL characters')
  .describe('The terms as markdown (shown without any HTML); with content_type "text"');
const content = {
  text: text.nullable().optional(),
  url: httpsUrl().describe('The terms at an https URL, opened in a new tab; with content_type "url"').nullable().optional(),
  document_id: id('document_id').describe('One of the team\'s documents, shown as its pages; with content_type "document"').nullable().optional(),
  require_name: jsonBool().describe('The visitor types their full name to accept').optional(),
};

export const ListAgreementsInput = z.strictObject({});
export const AgreementIdInput = z.strictObject({ id: agreementId });
export const CreateAgreementInput = z.strictObject({ name, content_type: z.enum(AGREEMENT_CONTENT_TYPES), ...content });
export const UpdateAgreementInput = z.strictObject({ id: agreementId, name: name.optional(), content_type: z.enum(AGREEMENT_CONTENT_TYPES).optional(), ...content });
export const ListAcceptancesInput = z.strictObject({ id: agreementId, limit: limitQuery(25), cursor: cursorQuery });

export { deleted };

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Agreements',
    description:
      'Terms (an NDA) a visitor accepts before a link opens: after the email step and before the password. ' +
      'Links and presets name one with `agreement_id`. An acceptance is kept once per visitor email (or, without one, per viewer session) and `version`; ' +
      'a visitor who accepted the current version is not asked again on any link using the agreement, and changed terms are asked again.',
  },
  examples: {
    'agreements-create': { name: 'Mutual NDA', content_type: 'text', text: '# Mutual NDA\n\nThe recipient keeps everything in this room **confidential**.', require_name: true },
    'agreements-update': { content_type: 'url', url: 'https://example.com/legal/nda' },
  },
};
