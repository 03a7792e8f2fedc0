// The audit log in words (DESIGN.md "Events"): a phrase per event type ("renamed folder"), the
// type filter's groups by resource prefix, and what kind of actor acted.
import { EVENT_PREFIXES, EVENT_TYPES, type ActorType, type EventType } from '@/lib/shared/event-types';

/** What the actor did, as the middle of a sentence: "<actor> <phrase> <item>". */
export const EVENT_PHRASES: Record<EventType, string> = {
  'document.created': 'added document',
  'document.updated': 'updated document',
  'document.deleted': 'deleted document',
  'document.version.created': 'added document version',
  'document.version.promoted': 'promoted document version',
  'document.version.downloaded': 'downloaded document version',
  'redaction.created': 'drafted redaction of',
  'redaction.applied': 'applied redaction to',
  'folder.created': 'created folder',
  'folder.updated': 'updated folder',
  'folder.moved': 'moved folder',
  'folder.deleted': 'deleted folder',
  'dataroom.created': 'created data room',
  'dataroom.updated': 'updated data room',
  'dataroom.deleted': 'deleted data room',
  'dataroom.frozen': 'froze data room',
  'dataroom.unfrozen': 'unfroze data room',
  'dataroom.document.attached': 'added room document',
  'dataroom.document.detached': 'removed room document',
  'dataroom.document.moved': 'moved room document',
  'dataroom.folder.created': 'created room folder',
  'dataroom.folder.updated': 'updated room folder',
  'dataroom.folder.moved': 'moved room folder',
  'dataroom.folder.deleted': 'deleted room folder',
  'dataroom.group.created': 'created group',
  'dataroom.group.updated': 'updated group',
  'dataroom.group.deleted': 'deleted group',
  'dataroom.member.added': 'added group member',
  'dataroom.member.removed': 'removed group member',
  'dataroom.permissions.updated': 'changed permissions of group',
  'dataroom.branding.updated': 'changed room branding',
  'dataroom.upload.created': 'uploaded for approval',
  'dataroom.upload.approved': 'approved the visitor upload',
  'dataroom.upload.rejected': 'rejected the visitor upload',
  'brand.created': 'created brand',
  'brand.updated': 'updated brand',
  'brand.deleted': 'deleted brand',
  'domain.created': 'added custom domain',
  'domain.updated': 'updated custom domain',
  'domain.deleted': 'removed custom domain',
  'link.created': 'created link',
  'link.updated': 'updated link',
  'link.deleted': 'deleted link',
  'link_preset.created': 'created link preset',
  'link_preset.updated': 'updated link preset',
  'link_preset.deleted': 'deleted link preset',
  'view.created': 'viewed link',
  'view.downloaded': 'downloaded through link',
  'visitor.verified': 'verified email',
  'agreement.created': 'created agreement',
  'agreement.updated': 'updated agreement',
  'agreement.deleted': 'deleted agreement',
  'agreement.accepted': 'accepted agreement',
  'access_request.created': 'requested access',
  'access_request.approved': 'approved the access request of',
  'access_request.denied': 'denied the access request of',
  'invitation.sent': 'invited',
  'question.created': 'asked question',
  'question.answered': 'answered question',
  'question.updated': 'updated question',
  'token.created': 'created API token',
  'token.revoked': 'revoked API token',
  'oauth_grant.created': 'connected app',
  'oauth_grant.revoked': 'disconnected app',
  'member.added': 'added team member',
  'member.updated': 'changed the role of',
  'member.removed': 'removed team member',
  'member.signed_in': 'signed in',
  'member.two_factor_enabled': 'turned on two-factor',
  'member.two_factor_disabled': 'turned off two-factor',
  'security.updated': 'changed the team’s security settings',
  'sso.configured': 'configured SAML single sign-on',
  'scim.user.provisioned': 'provisioned (SCIM)',
  'scim.user.deprovisioned': 'deprovisioned (SCIM)',
  'webhook_endpoint.created': 'created webhook',
  'webhook_endpoint.updated': 'updated webhook',
  'webhook_endpoint.deleted': 'deleted webhook',
};

const isKnownType = (type: string): type is EventType => Object.hasOwn(EVENT_PHRASES, type);

/**
 * The phrase of one event: an update that changed only the name (and the path that follows it)
 * reads "renamed"; a type this dashboard does not know yet reads as its raw name.
 */
export function eventPhrase(type: string, changes?: Record<string, unknown> | null): string {
  if (!isKnownType(type)) return type;
  const phrase = EVENT_PHRASES[type];
  const fields = Object.keys(changes ?? {});
  if (type.endsWith('.updated') && fields.includes('name') && fields.every((f) => f === 'name' || f === 'path')) return phrase.replace(/^updated /, 'renamed ');
  return phrase;
}

/** The type filter's groups: each holds whole resources (the first segment of a type). */
const GROUPS: { label: string; resources: string[] }[] = [
  { label: 'Documents', resources: ['document', 'redaction'] },
  { label: 'Folders', resources: ['folder'] },
  { label: 'Data rooms', resources: ['dataroom'] },
  { label: 'Links', resources: ['link', 'link_preset'] },
  { label: 'Visitors', resources: ['view', 'visitor', 'agreement', 'access_request', 'question'] },
  { label: 'Branding', resources: ['brand', 'domain'] },
  { label: 'Team & access', resources: ['member', 'invitation', 'token', 'oauth_grant', 'webhook_endpoint', 'security', 'sso', 'scim'] },
];

/** "All … events" for each prefix that covers more than one type. */
export const PREFIX_LABELS: Record<string, string> = {
  document: 'All document events',
  'document.version': 'All version events',
  redaction: 'All redaction events',
  folder: 'All folder events',
  dataroom: 'All data room events',
  'dataroom.document': 'All room document events',
  'dataroom.folder': 'All room folder events',
  'dataroom.group': 'All group events',
  'dataroom.member': 'All group member events',
  'dataroom.upload': 'All visitor upload events',
  brand: 'All brand events',
  domain: 'All custom domain events',
  link: 'All link events',
  link_preset: 'All link preset events',
  view: 'All view events',
  agreement: 'All agreement events',
  access_request: 'All access request events',
  question: 'All question events',
  token: 'All API token events',
  oauth_grant: 'All connected app events',
  member: 'All team member events',
  scim: 'All SCIM provisioning events',
  'scim.user': 'All SCIM user events',
  webhook_endpoint: 'All webhook events',
};

export type TypeOption = { value: string; label: string };
export type TypeGroup = { label: string; options: TypeOption[] };

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const resourceOf = (typeOrPrefix: string) => typeOrPrefix.split('.')[0]!;
const typesUnder = (prefix: string) => EVENT_TYPES.filter((t) => t.startsWith(`${prefix}.`));

/** The type select's option groups, from EVENT_TYPES and EVENT_PREFIXES: prefixes (`folder.*`) first, then each type. */
export function typeGroups(): TypeGroup[] {
  return GROUPS.map((g) => {
    const prefixes = EVENT_PREFIXES.filter((p) => g.resources.includes(resourceOf(p)) && typesUnder(p).length > 1);
    const types = EVENT_TYPES.filter((t) => g.resources.includes(resourceOf(t)));
    return {
      label: g.label,
      options: [
        ...prefixes.map((p) => ({ value: `${p}.*`, label: PREFIX_LABELS[p] ?? `All ${p} events` })),
        ...types.map((t) => ({ value: t, label: `${capitalize(EVENT_PHRASES[t])} (${t})` })),
      ],
    };
  });
}

/** The resources a group names, for the unit test that every type has a group. */
export const groupedResources = () => GROUPS.flatMap((g) => g.resources);

/** The badge beside an actor that is not a team member acting in the dashboard. */
export const ACTOR_BADGES: Record<ActorType, string | null> = {
  user: null,
  api_token: 'API token',
  oauth_app: 'OAuth app',
  visitor: 'Visitor',
  system: 'System',
};

/** The actor filter's choices. */
export const ACTOR_TYPE_LABELS: Record<ActorType, string> = {
  user: 'Team members',
  api_token: 'API tokens',
  oauth_app: 'OAuth apps',
  visitor: 'Visitors',
  system: 'System',
};
