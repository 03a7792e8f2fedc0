// The three discovery endpoints of RFC 7644 §4: what this service provider supports, its
// resource types and the schemas of the attributes it keeps (only those; RFC 7643 §7).
const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCHEMAS = { user: CORE_USER, group: CORE_GROUP } as const;
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const MAX_RESULTS = 200;

export const serviceProviderConfig = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${base.replace(/\/scim\/v2$/, '')}/docs/api#scim`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'The team SCIM token made in Settings → Security.',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

export const resourceTypes = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A member of the team',
    schema: CORE_USER,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A team role: admins, managers or members',
    schema: CORE_GROUP,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

type Attr = { name: string; type: string; multiValued?: boolean; required?: boolean; mutability?: string; uniqueness?: string; subAttributes?: Attr[] };
const attr = (a: Attr): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attr) } : {}),
});

export const schemas = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: CORE_USER,
    name: 'User',
    description: 'A team member; userName is the email address they sign in with.',
    attributes: [
      attr({ name: 'userName', type: 'string', required: true, uniqueness: 'server', mutability: 'immutable' }),
      attr({ name: 'name', type: 'complex', subAttributes: [{ name: 'givenName', type: 'string' }, { name: 'familyName', type: 'string' }, { name: 'formatted', type: 'string' }] }),
      attr({ name: 'displayName', type: 'string' }),
      attr({ name: 'emails', type: 'complex', multiValued: true, subAttributes: [{ name: 'value', type: 'string' }, { name: 'type', type: 'string' }, { name: 'primary', type: 'boolean' }] }),
      attr({ name: 'active', type: 'boolean' }),
      attr({ name: 'groups', type: 'complex', multiValued: true, mutability: 'readOnly', subAttributes: [{ name: 'value', type: 'string' }, { name: 'display', type: 'string' }] }),
    ].map((a) => a),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${CORE_USER}` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: CORE_GROUP,
    name: 'Group',
    description: 'A team role. The three groups are fixed: admins, managers, members.',
    attributes: [
      attr({ name: 'displayName', type: 'string', required: true, mutability: 'readOnly', uniqueness: 'server' }),
      attr({ name: 'members', type: 'complex', multiValued: true, subAttributes: [{ name: 'value', type: 'string' }, { name: 'display', type: 'string' }] }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${CORE_GROUP}` },
  },
];
