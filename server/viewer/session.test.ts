import { describe, expect, it } from 'vitest';
import { openViewerSession, sealViewerSession } from './session';

process.env.QUIRE_SECRET ??= 'unit-test-secret';

describe('viewer session cookie', () => {
  const s = { linkId: 'link1', visitorId: 'v1', expiresAt: Date.now() + 60_000 };

  it('opens what it sealed, for the same link only', () => {
    const c = sealViewerSession(s);
    expect(openViewerSession(c, 'link1')).toEqual(s);
    expect(openViewerSession(c, 'link2')).toBeNull();
  });

  it('refuses tampered, expired and malformed cookies', () => {
    const c = sealViewerSession(s);
    const [payload, mac] = c.split('.');
    const forged = Buffer.from(JSON.stringify(['link1', 'someone-else', s.expiresAt])).toString('base64url');
    expect(openViewerSession(`${forged}.${mac}`, 'link1')).toBeNull();
    expect(openViewerSession(`${payload}.${mac!.slice(1)}x`, 'link1')).toBeNull();
    expect(openViewerSession(c, 'link1', s.expiresAt + 1)).toBeNull();
    for (const bad of [undefined, '', '.', 'a.b', 'x'.repeat(5000)]) expect(openViewerSession(bad, 'link1')).toBeNull();
  });
});
