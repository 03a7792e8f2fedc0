// The viewer face's credential: a session cookie per link (never next-auth, never a bearer
// token) holding the session token (server/auth/viewer-sessions.ts). HttpOnly, SameSite=Lax,
// Secure on https, scoped to the link's path, 24 hours; not bound to the client's address
// (mobile networks change it).
import { isSessionToken } from '../auth/viewer-sessions';
import { email } from '../schemas/fields';

export const VIEWER_COOKIE = 'quire_view';

/** Every well-formed quire_view value of a Cookie header (the most specific path comes first). */
export function sessionTokens(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader || cookieHeader.length > 16_384) return [];
  const out: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VIEWER_COOKIE) continue;
    const v = part.slice(eq + 1).trim();
    if (isSessionToken(v)) out.push(v);
  }
  return out.slice(0, 4);
}

/** Added to the link's URL by the answer that sets the cookie, so the page can tell a browser that blocks cookies. */
export const COOKIE_SET_PARAM = 's';

/** The link's path: the only place the browser sends the cookie. */
export const linkPath = (slug: string) => `/view/${slug}`;

export function sessionCookie(slug: string, token: string, expiresAt: Date, secure: boolean): string {
  return [
    `${VIEWER_COOKIE}=${token}`,
    `Path=${linkPath(slug)}`,
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The address a link just refused, kept in the visitor's own browser for 15 minutes (HttpOnly,
 * scoped to the link) so "Request access" can offer it instead of asking for it again: a refusal
 * keeps nothing on the server (server/services/visitor/gates.ts).
 */
export const REFUSED_COOKIE = 'quire_refused';

export function refusedEmailCookie(slug: string, address: string, secure: boolean): string {
  return [`${REFUSED_COOKIE}=${encodeURIComponent(address)}`, `Path=${linkPath(slug)}`, 'Max-Age=900', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The refused address of a Cookie header, when it is a well-formed email address. */
export function refusedEmail(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader || cookieHeader.length > 16_384) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFUSED_COOKIE) continue;
    let v: string;
    try {
      v = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const e = email.safeParse(v);
    return e.success ? e.data : null;
  }
  return null;
}
