import { describe, expect, it } from 'vitest';
import type { TokenActor } from './actor';
import { assertWithinCap } from './plans';
import { ApiError } from '../errors';

const actor = (plan: TokenActor['plan']) => ({ kind: 'token', teamId: 't', tokenId: 'k', scopes: new Set(), plan, via: 'dashboard', userId: null, granted: [], expiresAt: null }) as unknown as TokenActor;
const CAPS = { free: 0, pro: 1, business: 5, datarooms: 10, 'datarooms-plus': 25 } as const;
const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('not refused');
};

describe('assertWithinCap', () => {
  const hooks = { feature: 'webhooks', noun: ['webhook endpoint', 'webhook endpoints'] as [string, string], caps: CAPS };

  it('lets a team below its cap through', () => {
    expect(() => assertWithinCap(actor('pro'), { ...hooks, wanted: 1 })).not.toThrow();
  });

  it('names the limit, the count and the plans that allow more', () => {
    const e = refusal(() => assertWithinCap(actor('business'), { ...hooks, wanted: 6 }));
    expect(e.code).toBe('plan_restriction');
    expect(e.message).toBe('The business plan includes 5 webhook endpoints and the team has 5; the plans datarooms, datarooms-plus allow more.');
    expect(e.details).toEqual({ feature: 'webhooks', current_plan: 'business', usage: 5, limit: 5, plans: ['datarooms', 'datarooms-plus'] });
  });

  it('says so when no plan allows more (the top plan at its cap)', () => {
    const e = refusal(() => assertWithinCap(actor('datarooms-plus'), { ...hooks, wanted: 26 }));
    expect(e.message).toBe('The datarooms-plus plan includes 25 webhook endpoints and the team has 25, the most any plan allows; delete one to add another.');
    expect(e.details).toMatchObject({ plans: [] });
  });

  it('words a plan without any, and a count one request asks for', () => {
    expect(refusal(() => assertWithinCap(actor('free'), { ...hooks, wanted: 1 })).message).toBe('The free plan includes no webhook endpoints; pro, business, datarooms, datarooms-plus do.');
    const e = refusal(() =>
      assertWithinCap(actor('pro'), { feature: 'custom_fields', noun: ['custom field per link', 'custom fields per link'], caps: { ...CAPS, pro: 3 }, wanted: 4, counted: 'asks', fields: ['custom_fields'] }),
    );
    expect(e.message).toBe('The pro plan includes 3 custom fields per link and this asks for 4; the plans business, datarooms, datarooms-plus allow more.');
    expect(e.details).toMatchObject({ usage: 4, limit: 3, fields: ['custom_fields'] });
  });
});
