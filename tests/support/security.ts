// Team members signed in over real HTTP for the security tests: a user with a team and as many
// next-auth database sessions as a test needs, and dashboard procedures called as a browser
// calls them (/api/trpc with the session cookie, same origin).
import crypto from 'node:crypto';
import { baseUrl } from './api';
import { useTestServerDatabase } from './in-process';

export const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0';
export const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export type Call = { status: number; data: any; error: any; code: string | null };

export async function db() {
  await useTestServerDatabase();
  return (await import('../../server/db/client')).db;
}

/** A dashboard procedure over HTTP: a query as GET, a mutation as POST. */
export async function procedure(
  token: string | null,
  name: string,
  input?: unknown,
  o: { mutation?: boolean; headers?: Record<string, string>; teamId?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {
    Origin: baseUrl(),
    'User-Agent': FIREFOX_MAC,
    ...(token ? { Cookie: `next-auth.session-token=${token}` } : {}),
    ...(o.teamId ? { 'x-quire-team': o.teamId } : {}),
    ...o.headers,
  };
  const url = `${baseUrl()}/api/trpc/${name}`;
  const r = o.mutation
    ? await fetch(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input ?? {}) })
    : await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  const body = (await r.json().catch(() => ({}))) as { result?: { data?: unknown }; error?: { data?: { apiError?: { code: string } } } };
  return { status: r.status, data: body.result?.data, error: body.error, code: body.error?.data?.apiError?.code ?? null };
}

export const mutate = (token: string | null, name: string, input?: unknown, o: { headers?: Record<string, string>; teamId?: string } = {}) =>
  procedure(token, name, input, { ...o, mutation: true });

export type Member = {
  userId: string;
  email: string;
  teamId: string;
  /** A new signed-in session of this user (its cookie value), visible to the server. */
  signIn(o?: { twoFactorVerified?: boolean }): Promise<string>;
};

/** A new user, admin of a new team (`teamId` joins an existing team as `role` instead). */
export async function member(who: string, o: { teamId?: string; role?: 'admin' | 'manager' | 'member' } = {}): Promise<Member> {
  const d = await db();
  const { newId } = await import('../../server/ids');
  const email = `${who}.${process.pid}.${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}@example.com`;
  const user = await d.user.create({ data: { email } });
  let teamId = o.teamId;
  if (!teamId) {
    teamId = newId();
    await d.team.create({ data: { id: teamId, slug: `sec-${crypto.randomBytes(5).toString('hex')}`, name: `${who} team` } });
  }
  await d.teamMember.create({ data: { id: newId(), teamId, userId: user.id, role: o.role ?? (o.teamId ? 'member' : 'admin') } });
  const signIn = async (s: { twoFactorVerified?: boolean } = {}) => {
    const token = crypto.randomBytes(32).toString('hex');
    await d.session.create({ data: { sessionToken: token, userId: user.id, expires: new Date(Date.now() + 86_400_000), twoFactorVerified: !!s.twoFactorVerified } });
    // Written from this process: wait until the server reads it.
    for (let i = 0; i < 50; i++) {
      const r = await fetch(`${baseUrl()}/api/auth/session`, { headers: { Cookie: `next-auth.session-token=${token}` } });
      if ((await r.json().catch(() => null))?.user?.email === email) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    return token;
  };
  return { userId: user.id, email, teamId, signIn };
}
