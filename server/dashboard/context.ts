// The tRPC context of the dashboard face: the next-auth session user and the team they act on.
// The team comes from the page's hint header (so a tab keeps acting on the team it shows even
// after another tab switched) or the quire_team cookie, and must be one of the user's teams.
// Bearer tokens are never looked at here.
import { getSessionState, nextRequestScope, sessionUserOf, twoFactorPending, type SessionUser } from '../auth/session';
import { ssoRequiredRefusal, teamIpRefusal, twoFactorSetupRefusal } from '../auth/team-guards';
import { touchSession } from '../services/security/sessions';
import { parseCookies } from '../lib/cookies';
import { resolveActiveMembership } from '../services/teams';
import type { Context } from '../trpc';
import { config } from '../config';
import { TEAM_HEADER, TEAM_PARAM } from '../../lib/shared/dashboard-team';
import { requestOrigin } from '../lib/origin';
import { appRequestAddress } from '../http/app-address';

export const TEAM_COOKIE = 'quire_team';
export { TEAM_HEADER } from '../../lib/shared/dashboard-team';

/**
 * The origin the browser uses for the dashboard: APP_URL, else what the request's Host says.
 * URLs handed to the browser (the presigned upload URL in local mode) must be same-origin.
 */
export const dashboardOrigin = (req: { url: string; headers: Headers }): string => requestOrigin(req, config.appUrlSetting);

/**
 * The context of a dashboard request that arrives as a Request (/api/trpc, the raw routes): the
 * session and the team cookie read from its own headers, so it needs no Next request scope (the
 * owner's file route is also served from node:http: server/dashboard/node.ts).
 */
export const dashboardContextFor = async (req: Request): Promise<Context> =>
  createDashboardContext(
    {
      origin: dashboardOrigin(req),
      teamHint: req.headers.get(TEAM_HEADER) ?? new URL(req.url).searchParams.get(TEAM_PARAM),
      address: appRequestAddress(req),
      userAgent: req.headers.get('user-agent'),
      cookies: req.headers.get('cookie') ?? undefined,
    },
    { user: await sessionUserOf(req.headers), teamCookie: parseCookies(req.headers.get('cookie'))[TEAM_COOKIE] },
  );

/** The signed-in user and the team cookie; without them, Next's request scope (server components). */
type Signed = { user: SessionUser | null; teamCookie: string | undefined };

export async function createDashboardContext(
  opts: {
    origin: string;
    teamHint?: string | null;
    address?: string;
    userAgent?: string | null;
    cookies?: string;
  },
  signed?: Signed,
): Promise<Context> {
  const { origin, teamHint, address, cookies: cookieHeader } = opts;
  const request = { ipAddress: address ?? null, userAgent: opts.userAgent ?? null };
  const user = signed ? signed.user : await getSessionState();
  const base = { face: 'dashboard' as const, origin, address, request, cookies: cookieHeader };
  if (!user) return { ...base, user: null, actor: null };
  if (user.session) await touchSession(user.session, address, opts.userAgent);
  // A member with two-factor who has only followed the magic link acts on nothing until the
  // second factor is proven in this session (the session row's two_factor_verified).
  if (twoFactorPending(user)) return { ...base, user, actor: null, twoFactorPending: true };
  const cookie = signed ? signed.teamCookie : (await nextRequestScope().cookies()).get(TEAM_COOKIE)?.value;
  const found = await resolveActiveMembership(user.id, [teamHint, cookie], { ssoTeamId: user.ssoTeamId });
  if (!found) return { ...base, user, actor: null };
  if ('ssoOnly' in found) return { ...base, user, actor: null, teamRefusal: ssoRequiredRefusal(found.ssoOnly) };
  const { membership: team, guards } = found;
  // The team's own rules: its IP allow list, and two-factor when it requires it (a member without
  // it sets it up before reaching the team). In-process callers (no session row) are not held.
  const refusal =
    teamIpRefusal(address, guards.ipAllowList) ??
    (guards.requireTwoFactor && user.session && !user.session.twoFactorEnabled ? twoFactorSetupRefusal() : null);
  if (refusal) return { ...base, user, actor: null, teamRefusal: refusal, refusedTeamId: team.teamId };
  return {
    ...base,
    user,
    actor: {
      kind: 'user',
      userId: user.id,
      teamId: team.teamId,
      role: team.role,
      plan: team.plan,
      request,
    },
  };
}
