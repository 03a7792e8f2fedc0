import { describe, expect, it } from 'vitest';
import { hashSessionToken, isSessionToken, newSessionToken } from '../auth/viewer-sessions';
import { sessionCookie, sessionTokens } from './session';

describe('viewer session cookie', () => {
  it('is 32 random bytes, stored only as a hash', () => {
    const t = newSessionToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(isSessionToken(t)).toBe(true);
    expect(hashSessionToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(t)).not.toContain(t);
    expect(newSessionToken()).not.toBe(t);
  });

  it('is HttpOnly, SameSite=Lax, scoped to the link, Secure only on https', () => {
    const c = sessionCookie('abc', newSessionToken(), new Date(Date.now() + 86_400_000), false);
    expect(c).toMatch(/; Path=\/view\/abc; /);
    expect(c).toContain('HttpOnly');
    expect(c).toContain('SameSite=Lax');
    expect(c).not.toContain('Secure');
    expect(c).toMatch(/Max-Age=86\d\d\d/);
    expect(sessionCookie('abc', newSessionToken(), new Date(Date.now() + 1000), true)).toContain('Secure');
  });

  it('reads only well-formed values of its own cookie', () => {
    const t = newSessionToken();
    expect(sessionTokens(`a=b; quire_view=${t}; quire_view=short`)).toEqual([t]);
    for (const bad of [undefined, null, '', 'quire_view=', `quire_viewx=${t}`, 'x'.repeat(20_000)]) expect(sessionTokens(bad)).toEqual([]);
  });
});
