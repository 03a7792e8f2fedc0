// Settings → Webhooks: the objects the pages show, what an endpoint's status means, and the event
// picker's rules (a subscription is a list of patterns: `*`, prefixes like `dataroom.*`, types).
import type { RouterOutputs } from '@/lib/trpc/types';
import { EVENT_TYPES, eventMatches } from '@/lib/shared/event-types';

export type Endpoint = RouterOutputs['webhooks']['get'];
export type Delivery = RouterOutputs['webhooks']['retryDelivery'];

/** The badge and the sentence of an endpoint's state. */
export function endpointStatus(e: Pick<Endpoint, 'enabled' | 'disabled_reason'>): { label: string; tone: 'green' | 'red' | 'neutral'; why: string | null } {
  if (e.enabled) return { label: 'Enabled', tone: 'green', why: null };
  switch (e.disabled_reason) {
    case 'gone':
      return { label: 'Disabled: gone', tone: 'red', why: 'The receiver answered 410 Gone, so Quire stopped sending. Enable it again once the URL works.' };
    case 'failing':
      return { label: 'Disabled: failing', tone: 'red', why: 'Every delivery failed for 5 days, so Quire stopped sending and emailed the team’s admins.' };
    default:
      return { label: 'Disabled', tone: 'neutral', why: 'Turned off by a team member. Events are not sent until it is enabled again.' };
  }
}

/** The top-level groups of the picker, in the order of EVENT_TYPES. */
const GROUP_LABELS: Record<string, string> = {
  document: 'Documents',
  folder: 'Library folders',
  dataroom: 'Data rooms',
  brand: 'Brands',
  link: 'Links',
  link_preset: 'Link presets',
  view: 'Views',
  visitor: 'Visitors',
  agreement: 'Agreements',
  access_request: 'Access requests',
  invitation: 'Invitations',
  question: 'Questions',
  token: 'API tokens',
  oauth_grant: 'Connected apps',
  member: 'Members',
  webhook_endpoint: 'Webhook endpoints',
};

export type EventGroup = { prefix: string; label: string; types: string[] };

export const EVENT_GROUPS: EventGroup[] = (() => {
  const groups = new Map<string, string[]>();
  for (const t of EVENT_TYPES) {
    const prefix = t.split('.')[0]!;
    groups.set(prefix, [...(groups.get(prefix) ?? []), t]);
  }
  return [...groups].map(([prefix, types]) => ({ prefix, label: GROUP_LABELS[prefix] ?? prefix.replace(/_/g, ' '), types }));
})();

export const ALL_EVENTS = '*';

/** `type` is sent under these patterns. */
export const covered = (patterns: ReadonlySet<string>, type: string) => [...patterns].some((p) => eventMatches(p, type));

/** The group's prefix pattern is chosen, none of its types, or some of them. */
export function groupState(patterns: ReadonlySet<string>, g: EventGroup): 'all' | 'none' | 'some' {
  if (patterns.has(ALL_EVENTS) || patterns.has(`${g.prefix}.*`)) return 'all';
  return g.types.some((t) => covered(patterns, t)) ? 'some' : 'none';
}

/** The group's `prefix.*` on (replacing its narrower patterns) or off (with them). */
export function toggleGroup(patterns: ReadonlySet<string>, g: EventGroup): Set<string> {
  const on = groupState(patterns, g) !== 'all';
  const next = new Set([...patterns].filter((p) => p !== ALL_EVENTS && p !== `${g.prefix}.*` && !p.startsWith(`${g.prefix}.`)));
  if (on) next.add(`${g.prefix}.*`);
  return next;
}

/**
 * One type on, or off: a prefix that covered it is replaced by the other types it covers (so
 * unticking one type of `dataroom.*` keeps the rest).
 */
export function toggleType(patterns: ReadonlySet<string>, type: string): Set<string> {
  if (!covered(patterns, type)) return new Set([...patterns, type]);
  const next = new Set<string>();
  for (const p of patterns) {
    if (!eventMatches(p, type)) next.add(p);
    else if (p !== type) for (const t of EVENT_TYPES) if (t !== type && eventMatches(p, t) && !covered(next, t)) next.add(t);
  }
  return next;
}

/** Patterns in a stable order: `*`, then by the event list's order. */
export function orderedPatterns(patterns: ReadonlySet<string>): string[] {
  const rank = (p: string) => {
    if (p === ALL_EVENTS) return -1;
    const i = EVENT_TYPES.findIndex((t) => eventMatches(p, t));
    return i < 0 ? EVENT_TYPES.length : i + (p.endsWith('.*') ? 0 : 0.5);
  };
  return [...patterns].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A short reading of an endpoint's subscription for the list. */
export function eventsSummary(events: readonly string[], shown = 3): { items: string[]; more: number } {
  if (events.includes(ALL_EVENTS)) return { items: ['All events'], more: 0 };
  const sorted = orderedPatterns(new Set(events));
  return { items: sorted.slice(0, shown), more: Math.max(0, sorted.length - shown) };
}
