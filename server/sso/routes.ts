// The SAML routes (thin; app/sso/saml/...): the service provider's metadata, the login that sends
// the browser to the IdP, the ACS that receives its answer and opens a session, and the lookup
// behind "Continue with SSO" on the sign-in page.
import { config } from '../config';
import { readBody } from '../http/body';
import { appRequestAddress } from '../http/app-address';
import { hasEnterpriseSignIn } from '../auth/enterprise-plan';
import { planName } from '../auth/actor';
import { connectionBySlug, findSsoTeam } from '../services/sso/connection';
import { completeSsoSignIn } from '../services/sso/signin';
import { authorizeUrl, spMetadata, SsoRefused, verifyResponse } from './saml';
import { safeCallbackUrl } from '../../lib/shared/callback-url';

const TEAM_COOKIE = 'quire_team';
const MAX_RESPONSE_BYTES = 512 * 1024;

const secureCookies = () => config.appUrl.startsWith('https://');
export const sessionCookieName = () => `${secureCookies() ? '__Secure-' : ''}next-auth.session-token`;

const redirect = (to: string, status = 303, headers: [string, string][] = []) => {
  const h = new Headers({ location: new URL(to, config.appUrl).toString(), 'cache-control': 'no-store' });
  for (const [k, v] of headers) h.append(k, v);
  return new Response(null, { status, headers: h });
};

const signInError = (code: string, extra: Record<string, string> = {}) => redirect(`/signin?${new URLSearchParams({ error: code, ...extra })}`);

function refusalPage(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Single sign-on failed</title><meta name="viewport" content="width=device-width"></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b"><h1 style="font-size:1.25rem">Single sign-on failed</h1><p>${message}</p><p><a href="/signin">Back to sign-in</a></p></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

async function usableConnection(slug: string) {
  const c = await connectionBySlug(slug);
  return c && hasEnterpriseSignIn(planName(c.plan)) ? c : null;
}

/** GET /sso/saml/{team}/metadata: the SP metadata to give the IdP (public, like every SP's). */
export async function metadataRoute(slug: string): Promise<Response> {
  const c = await usableConnection(slug);
  if (!c) return new Response('No single sign-on for this team.\n', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(spMetadata(c), { headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-store' } });
}

/** GET /sso/saml/{team}/login: a fresh AuthnRequest, and off to the IdP. */
export async function loginRoute(req: Request, slug: string): Promise<Response> {
  const c = await usableConnection(slug);
  if (!c) return signInError('SsoNotConfigured');
  const callback = safeCallbackUrl(new URL(req.url).searchParams.get('callbackUrl'));
  return redirect(await authorizeUrl(c, callback), 302);
}

/** POST /sso/saml/{team}/acs: every check, then the session (the same database session next-auth makes). */
export async function acsRoute(req: Request, slug: string): Promise<Response> {
  const c = await usableConnection(slug);
  if (!c) return refusalPage(404, 'This team does not use single sign-on.');
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder().decode(await readBody(req, MAX_RESPONSE_BYTES)));
  } catch {
    return refusalPage(413, 'The identity provider’s answer was too large.');
  }
  const samlResponse = form.get('SAMLResponse');
  if (!samlResponse) return refusalPage(400, 'The identity provider’s answer is missing.');
  const request = { ipAddress: appRequestAddress(req), userAgent: req.headers.get('user-agent') };
  try {
    const who = await verifyResponse(c, samlResponse);
    const s = await completeSsoSignIn({ teamId: c.teamId, email: who.email, name: who.name, request });
    const secure = secureCookies() ? '; Secure' : '';
    const session = `${sessionCookieName()}=${s.sessionToken}; Path=/; Expires=${s.expires.toUTCString()}; HttpOnly; SameSite=Lax${secure}`;
    const team = `${TEAM_COOKIE}=${c.teamId}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    return redirect(safeCallbackUrl(form.get('RelayState')), 303, [
      ['set-cookie', session],
      ['set-cookie', team],
    ]);
  } catch (e) {
    if (!(e instanceof SsoRefused)) throw e;
    console.warn(`[sso] refused a SAML response for team ${c.slug}: ${e.reason}`);
    return refusalPage(403, 'The identity provider’s answer could not be accepted. Start again from the sign-in page; if this keeps happening, ask your administrator to check the SSO settings.');
  }
}

/** GET /sso/saml/find?identifier=…: the team by email domain or slug, then its login. */
export async function findRoute(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const identifier = (q.get('identifier') ?? '').slice(0, 320);
  const slug = await findSsoTeam(identifier);
  if (!slug || !(await usableConnection(slug))) return signInError('SsoNotFound', { sso: identifier });
  const callback = q.get('callbackUrl');
  return redirect(`/sso/saml/${slug}/login${callback ? `?${new URLSearchParams({ callbackUrl: safeCallbackUrl(callback) })}` : ''}`);
}
