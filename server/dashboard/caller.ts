// Server components call the same procedures as the browser, through a caller built from the
// request's session and team.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { appRouter } from '../routers';
import { createDashboardContext, dashboardOrigin } from './context';
import { createCallerFactory } from '../trpc';
import { appRequestAddress } from '../http/app-address';
import { TEAM_TWO_FACTOR_RULE } from '../auth/team-guards';

const createCaller = createCallerFactory(appRouter);

async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto') ?? (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return dashboardOrigin({ url: `${proto}://${host}/`, headers: h });
}

export const getServerContext = cache(async () => {
  const h = await headers();
  // Server components and actions see the request's headers but not its socket: the address comes
  // from the platform's forwarding header (or our own server's), as appRequestAddress reads it.
  const address = appRequestAddress(new Request('http://internal/', { headers: h }));
  return createDashboardContext({ origin: await requestOrigin(), address, userAgent: h.get('user-agent') });
});

export const serverCaller = cache(async () => createCaller(await getServerContext()));

/**
 * The caller of dashboard pages: a visitor who is not signed in is sent to sign in (one without a
 * team to make one) before any procedure runs, as the layout does. Pages and their metadata render
 * beside the layout, so a page calling a team procedure for an anonymous request threw
 * UNAUTHORIZED, which Next logged with its stack (issue 43).
 */
export const dashboardCaller = cache(async () => {
  const ctx = await getServerContext();
  if (!ctx.user) redirect('/signin');
  if (ctx.twoFactorPending) redirect('/two-factor');
  if (ctx.teamRefusal) redirect(ctx.teamRefusal.details?.rule === TEAM_TWO_FACTOR_RULE ? '/two-factor/setup' : '/restricted');
  if (!ctx.actor) redirect('/teams/new');
  return createCaller(ctx);
});
