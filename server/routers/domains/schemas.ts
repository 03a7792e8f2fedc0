import { z } from 'zod';
import { deleted, id, listOf } from '../../schemas/common';
import type { ResourceDocs } from '../../openapi/resource-docs';

export const Domain = z.object({
  id: z.string(),
  object: z.literal('domain'),
  name: z.string().describe('The host name, lower-case ASCII (IDNA), without scheme or port'),
  status: z.enum(['pending', 'verified', 'failed']),
  verification: z.object({
    type: z.literal('TXT'),
    name: z.string().describe('Where the TXT record goes: _quire-challenge.<name>'),
    value: z.string().describe('What the TXT record holds'),
  }),
  target: z.string().describe('The host name the domain’s CNAME points at'),
  error: z.string().nullable().describe('Why the last check failed, with what DNS answered'),
  created: z.string(),
  verified_at: z.string().nullable(),
});
export const DomainList = listOf(Domain);

export const ListDomainsInput = z.strictObject({});
export const DomainIdInput = z.strictObject({ id: id('domain id') });
export const CreateDomainInput = z.strictObject({
  name: z.string().min(1, 'is required').max(300).describe('A host name such as docs.example.com (no scheme, port or wildcard)'),
});

export { deleted };

export const openApiDocs: ResourceDocs = {
  tag: {
    name: 'Domains',
    description:
      'Custom domains (white label): share links at https://<domain>/view/<slug> with the team’s branding. Add the domain, publish the TXT record ' +
      '`verification.name` = `verification.value` and a CNAME to `target`, then verify. A domain is checked again daily; links take `domain_id`. ' +
      'Plans: business 1, datarooms 5, datarooms-plus 25.',
  },
  examples: { 'domains-create': { name: 'docs.acme.com' } },
};
