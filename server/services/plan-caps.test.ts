import { describe, expect, it } from 'vitest';
import { capReachedMessage } from './plan-caps';

const words = { one: 'webhook endpoint', many: 'webhook endpoints' };

describe('capReachedMessage', () => {
  it('names the plans that allow more', () => {
    expect(capReachedMessage({ ...words, plan: 'pro', limit: 1, used: 1, plans: ['business', 'datarooms', 'datarooms-plus'] })).toBe(
      'The pro plan includes 1 webhook endpoint and the team has 1; business, datarooms and datarooms-plus allow more.',
    );
    expect(capReachedMessage({ ...words, plan: 'datarooms', limit: 10, used: 10, plans: ['datarooms-plus'] })).toBe(
      'The datarooms plan includes 10 webhook endpoints and the team has 10; datarooms-plus allows more.',
    );
    expect(capReachedMessage({ ...words, plan: 'free', limit: 0, used: 0, plans: ['pro', 'business'] })).toBe('The free plan includes no webhook endpoints; pro and business do.');
  });

  it('on the top plan, says it is the most and what to do instead of naming no plan', () => {
    const m = capReachedMessage({ ...words, plan: 'datarooms-plus', limit: 25, used: 25, plans: [] });
    expect(m).toBe('The datarooms-plus plan includes 25 webhook endpoints and the team has 25, the most any plan allows; delete one to add another.');
    expect(m).not.toMatch(/; allow/);
  });
});
