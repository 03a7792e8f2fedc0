// A signed-in dashboard browser over real HTTP: a next-auth database session of a new user who
// created a team, for the dashboard's pages and raw routes (CSV exports); and the same user as the
// actor of procedures called in process, to make changes as the dashboard would.
import crypto from 'node:crypto';
import type { Context } from '../../server/trpc';
import { inProcessCaller } from './in-process';
import { Visitor, type Answer } from './viewer';

export type DashboardUser = {
  email: string;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  /** The procedures as this user acting for their team, from the given address and user agent. */
  call(request?: { ipAddress: string | null; userAgent: string | null }): any;
  /** Another team of this user: its id, and the procedures acting for it. */
  addTeam(name: string): Promise<{ teamId: string; call(): any }>;
};

export async function signedInDashboard(who: string, teamName: string): Promise<DashboardUser> {
  const caller = await inProcessCaller();
  const { db } = await import('../../server/db/client');
  const user = await db.user.create({ data: { email: `${who}.${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}@example.com` } });
  const signedIn: Context = { face: 'dashboard', origin: 'http://127.0.0.1', user: { id: user.id, email: user.email }, actor: null };
  await caller(signedIn).teams.create({ name: teamName });
  const { resolveActiveTeam } = await import('../../server/services/teams');
  const team = (await resolveActiveTeam(user.id, []))!;
  const token = crypto.randomBytes(32).toString('hex');
  await db.session.create({ data: { sessionToken: token, userId: user.id, expires: new Date(Date.now() + 86_400_000) } });
  const get = (path: string, headers: Record<string, string> = {}) => new Visitor().get(path, { ...headers, Cookie: `next-auth.session-token=${token}` });
  // The rows were written from this process (on the embedded database, through its shared
  // socket): wait until the server reads the session before any page is asked for.
  for (let i = 0; i < 50; i++) {
    const s = await get('/api/auth/session');
    if (s.status === 200 && JSON.parse(s.text() || '{}')?.user?.email === user.email) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = (request = { ipAddress: '127.0.0.1', userAgent: null as string | null }) =>
    caller({
      ...signedIn,
      request,
      actor: { kind: 'user', userId: user.id, ...team, request },
    });
  const addTeam = async (name: string) => {
    const created = await caller(signedIn).teams.create({ name });
    const other = (await resolveActiveTeam(user.id, [created.id]))!;
    const request = { ipAddress: '127.0.0.1', userAgent: null };
    return { teamId: other.teamId, call: () => caller({ ...signedIn, request, actor: { kind: 'user', userId: user.id, ...other, request } }) };
  };
  return { email: user.email, get, call, addTeam };
}

/** A signed-in user's team on Data Rooms Plus, and an all-scopes /v1 client of it. */
export async function roomsDashboard(who: string, teamName: string) {
  const { admin, client } = await import('./api');
  const dash = await signedInDashboard(who, teamName);
  const { db } = await import('../../server/db/client');
  const m = await db.teamMember.findFirstOrThrow({ where: { user: { email: dash.email } }, select: { team: { select: { slug: true } } } });
  await admin(['team', 'set-plan', m.team.slug, 'datarooms-plus']);
  const api = client((await dash.call().tokens.create({ name: who, scopes: ['apis.all'] })).token);
  return { dash, api };
}
