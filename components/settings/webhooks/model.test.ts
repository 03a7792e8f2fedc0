import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, isEventPattern } from '@/lib/shared/event-types';
import { covered, endpointStatus, EVENT_GROUPS, eventsSummary, groupState, orderedPatterns, toggleGroup, toggleType } from './model';

const group = (prefix: string) => EVENT_GROUPS.find((g) => g.prefix === prefix)!;
const rooms = group('dataroom');

describe('the webhook event picker', () => {
  it('groups every event type once, under a prefix the API accepts', () => {
    expect(EVENT_GROUPS.flatMap((g) => g.types).sort()).toEqual([...EVENT_TYPES].sort());
    for (const g of EVENT_GROUPS) expect(isEventPattern(`${g.prefix}.*`)).toBe(true);
    // link.* is not link_preset.*
    expect(group('link').types).toEqual(['link.created', 'link.updated', 'link.deleted']);
  });

  it('ticks a group as its prefix, replacing narrower patterns', () => {
    const next = toggleGroup(new Set(), rooms);
    expect([...next]).toEqual(['dataroom.*']);
    expect([...toggleGroup(new Set(['dataroom.created', 'view.created']), rooms)].sort()).toEqual(['dataroom.*', 'view.created']);
    expect(groupState(next, rooms)).toBe('all');
    expect([...toggleGroup(next, rooms)]).toEqual([]);
  });

  it('unticking one type of a prefix keeps the rest of it', () => {
    const next = toggleType(new Set(['dataroom.*', 'view.created']), 'dataroom.frozen');
    expect(next.has('dataroom.*')).toBe(false);
    expect(covered(next, 'dataroom.frozen')).toBe(false);
    expect(rooms.types.filter((t) => t !== 'dataroom.frozen').every((t) => covered(next, t))).toBe(true);
    expect(next.has('view.created')).toBe(true);
    expect(groupState(next, rooms)).toBe('some');
    // A nested prefix is split the same way.
    const versions = toggleType(new Set(['document.version.*']), 'document.version.created');
    expect([...versions]).toEqual(['document.version.promoted', 'document.version.downloaded']);
    expect([...toggleType(versions, 'document.version.created')].sort()).toEqual(['document.version.created', 'document.version.downloaded', 'document.version.promoted']);
  });

  it('orders and summarises a subscription', () => {
    expect(orderedPatterns(new Set(['view.created', 'document.*', '*']))).toEqual(['*', 'document.*', 'view.created']);
    expect(eventsSummary(['*', 'view.created'])).toEqual({ items: ['All events'], more: 0 });
    expect(eventsSummary(['view.created', 'link.*', 'document.created', 'brand.*'])).toEqual({ items: ['document.created', 'brand.*', 'link.*'], more: 1 });
  });

  it('explains why an endpoint is disabled', () => {
    expect(endpointStatus({ enabled: true, disabled_reason: null }).label).toBe('Enabled');
    expect(endpointStatus({ enabled: false, disabled_reason: 'gone' }).why).toMatch(/410/);
    expect(endpointStatus({ enabled: false, disabled_reason: 'failing' }).label).toBe('Disabled: failing');
    expect(endpointStatus({ enabled: false, disabled_reason: 'manual' }).label).toBe('Disabled');
  });
});
