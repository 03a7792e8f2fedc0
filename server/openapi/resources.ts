// Every resource's tag text and request examples, collected from beside their schemas, and the
// tags of the parts of /v1 that are no router resource (the token itself, the presigned upload).
import { openApiDocs as accessRequests } from '../routers/access-requests/schemas';
import { openApiDocs as agreements } from '../routers/agreements/schemas';
import { openApiDocs as brands } from '../routers/brands/schemas';
import { openApiDocs as domains } from '../routers/domains/schemas';
import { openApiDocs as datarooms } from '../routers/datarooms/schemas';
import { openApiDocs as documents } from '../routers/documents/schemas';
import { openApiDocs as events } from '../routers/events/schemas';
import { openApiDocs as folders } from '../routers/folders/schemas';
import { openApiDocs as linkPresets } from '../routers/link-presets/schemas';
import { openApiDocs as links } from '../routers/links/schemas';
import { openApiDocs as questions } from '../routers/questions/schemas';
import { openApiDocs as redactions } from '../routers/redactions/schemas';
import { openApiDocs as visitorUploads } from '../routers/visitor-uploads/schemas';
import { openApiDocs as search } from '../routers/search/schemas';
import { openApiDocs as visitors } from '../routers/visitors/schemas';
import { openApiDocs as webhooks } from '../routers/webhooks/schemas';
import type { ResourceDocs } from './resource-docs';

const OUTSIDE_ROUTERS: ResourceDocs[] = [
  {
    tag: {
      name: 'Authentication',
      description:
        'Both kinds of token (dashboard tokens and OAuth device-login tokens) are sent as `Authorization: Bearer`; ' +
        '`GET /me` tells what the presented one is.',
    },
  },
  {
    tag: {
      name: 'Uploads',
      description:
        'The presigned upload URL handed out by `POST /documents/upload-url` (local blob storage). ' +
        'It is authorised by its signature, not by a bearer token.',
    },
  },
];

const RESOURCES = [...OUTSIDE_ROUTERS, documents, redactions, search, folders, datarooms, links, linkPresets, domains, agreements, accessRequests, questions, visitorUploads, visitors, brands, events, webhooks];

export const TAG_DESCRIPTIONS: Record<string, string> = Object.fromEntries(RESOURCES.flatMap((r) => (r.tag ? [[r.tag.name, r.tag.description]] : [])));

/** Request body examples by operationId; tests check each one against the procedure's input. */
export const REQUEST_EXAMPLES: Record<string, Record<string, unknown>> = Object.assign({}, ...RESOURCES.map((r) => r.examples ?? {}));
