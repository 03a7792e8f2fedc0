// The viewer face's credential: a per-link session cookie, signed with the app secret, that says
// which gates this browser has passed for one link (never next-auth, never a bearer token).
// The links issue builds the viewer's context and router on it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret } from '../storage/config';

export type ViewerSession = {
  /** The link the session is for; a cookie of one link never opens another. */
  linkId: string;
  /** The visitor (verified email or anonymous id) the gates were passed as. */
  visitorId: string;
  /** Unix milliseconds after which the session is void. */
  expiresAt: number;
};

export const viewerCookieName = (linkId: string) => `quire_view_${linkId}`;

const sign = (payload: string) => createHmac('sha256', `viewer:${appSecret()}`).update(payload).digest('base64url');

export function sealViewerSession(s: ViewerSession): string {
  const payload = Buffer.from(JSON.stringify([s.linkId, s.visitorId, s.expiresAt])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The session in `cookie` when it is intact, unexpired and for `linkId`; otherwise null. */
export function openViewerSession(cookie: string | undefined, linkId: string, now = Date.now()): ViewerSession | null {
  if (!cookie || cookie.length > 2048) return null;
  const [payload, mac] = cookie.split('.');
  if (!payload || !mac) return null;
  const want = Buffer.from(sign(payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const [link, visitorId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (link !== linkId || typeof visitorId !== 'string' || typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { linkId: link, visitorId, expiresAt };
  } catch {
    return null;
  }
}
