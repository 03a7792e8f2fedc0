import { describe, expect, it } from 'vitest';
import { expandScopes } from './scopes';

describe('expandScopes', () => {
  it('expands presets, keeps known scopes and drops unknown ones', () => {
    const s = expandScopes(['documents.read', 'no.such.scope']);
    expect([...s]).toEqual(['documents.read']);
    expect(expandScopes(['apis.read']).has('documents.read')).toBe(true);
    expect(expandScopes(['apis.read']).has('documents.write')).toBe(false);
  });

  it('shares one set per distinct list, and tells different lists apart', () => {
    expect(expandScopes(['documents.read', 'links.read'])).toBe(expandScopes(['documents.read', 'links.read']));
    expect(expandScopes(['documents.read'])).not.toBe(expandScopes(['documents.read', 'links.read']));
    expect(expandScopes([]).size).toBe(0);
  });
});
