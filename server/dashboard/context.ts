// The tRPC context of the dashboard face: the next-auth session user and the team they act on.
// The team comes from the page's hint header (so a tab keeps acting on the team it shows even
// after another tab switched) or the quire_team cookie, and must be one of the user's teams.
// Bearer tokens are never looked at here.
import { cookies } from 'next/headers';
import { getSessionUser } from '../auth/session';
import { resolveActiveTeam } from '../services/teams';
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

/** The context of a dashboard request that arrives as a Request (/api/trpc, the raw routes). */
export const dashboardContextFor = (req: Request): Promise<Context> =>
  createDashboardContext({
    origin: dashboardOrigin(req),
    teamHint: req.headers.get(TEAM_HEADER) ?? new URL(req.url).searchParams.get(TEAM_PARAM),
    address: appRequestAddress(req),
    userAgent: req.headers.get('user-agent'),
    cookies: req.headers.get('cookie') ?? undefined,
  });

export async function createDashboardContext(opts: {
  origin: string;
  teamHint?: string | null;
  address?: string;
  userAgent?: string | null;
  cookies?: string;
}): Promise<Context> {
  const { origin, teamHint, address, cookies: cookieHeader } = opts;
  const request = { ipAddress: address ?? null, userAgent: opts.userAgent ?? null };
  const user = await getSessionUser();
  if (!user) return { face: 'dashboard', user: null, actor: null, origin, address, request, cookies: cookieHeader };
  const cookie = (await cookies()).get(TEAM_COOKIE)?.value;
  const team = await resolveActiveTeam(user.id, [teamHint, cookie]);
  return {
    face: 'dashboard',
    origin,
    address,
    request,
    cookies: cookieHeader,
    user,
    actor: team
      ? {
          kind: 'user',
          userId: user.id,
          teamId: team.teamId,
          role: team.role,
          plan: team.plan,
          request,
        }
      : null,
  };
}
