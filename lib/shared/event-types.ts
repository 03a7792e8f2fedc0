// Every event type (DESIGN.md "Events"): dotted, past tense. The audit log's filters, the webhook
// event picker and the services' emit() all read this one list.
export const EVENT_TYPES = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.version.created',
  'document.version.promoted',
  'document.version.downloaded',
  'redaction.created',
  'redaction.applied',
  'folder.created',
  'folder.updated',
  'folder.moved',
  'folder.deleted',
  'dataroom.created',
  'dataroom.updated',
  'dataroom.deleted',
  'dataroom.frozen',
  'dataroom.unfrozen',
  'dataroom.document.attached',
  'dataroom.document.detached',
  'dataroom.document.moved',
  'dataroom.folder.created',
  'dataroom.folder.updated',
  'dataroom.folder.moved',
  'dataroom.folder.deleted',
  'dataroom.group.created',
  'dataroom.group.updated',
  'dataroom.group.deleted',
  'dataroom.member.added',
  'dataroom.member.removed',
  'dataroom.permissions.updated',
  'dataroom.branding.updated',
  'dataroom.upload.created',
  'dataroom.upload.approved',
  'dataroom.upload.rejected',
  'brand.created',
  'brand.updated',
  'brand.deleted',
  'domain.created',
  'domain.updated',
  'domain.deleted',
  'link.created',
  'link.updated',
  'link.deleted',
  'link_preset.created',
  'link_preset.updated',
  'link_preset.deleted',
  'view.created',
  'view.downloaded',
  'visitor.verified',
  'agreement.created',
  'agreement.updated',
  'agreement.deleted',
  'agreement.accepted',
  'access_request.created',
  'access_request.approved',
  'access_request.denied',
  'invitation.sent',
  'question.created',
  'question.answered',
  'question.updated',
  'token.created',
  'token.revoked',
  'oauth_grant.created',
  'oauth_grant.revoked',
  'member.added',
  'member.updated',
  'member.removed',
  'member.signed_in',
  'member.two_factor_enabled',
  'member.two_factor_disabled',
  'security.updated',
  'sso.configured',
  'scim.user.provisioned',
  'scim.user.deprovisioned',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by POST /v1/webhooks/{id}/test only; never stored as an event. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const ACTOR_TYPES = ['user', 'api_token', 'oauth_app', 'visitor', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** The resource prefixes a filter or an endpoint may name as `prefix.*` (`dataroom.*`, `document.version.*`). */
export const EVENT_PREFIXES = [...new Set(EVENT_TYPES.flatMap((t) => t.split('.').slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join('.'))))];

/** `type` matches `pattern`: equal, `*`, or a prefix ending in `.*`. */
export function eventMatches(pattern: string, type: string): boolean {
  if (pattern === '*' || pattern === type) return true;
  return pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1));
}

/** A filter or subscription entry names a type, a known prefix with `.*`, or `*`. */
export function isEventPattern(p: string): boolean {
  if (p === '*') return true;
  if (p.endsWith('.*')) return EVENT_PREFIXES.includes(p.slice(0, -2));
  return (EVENT_TYPES as readonly string[]).includes(p);
}
