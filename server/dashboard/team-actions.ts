'use server';
// Selecting the team the dashboard acts on: the quire_team cookie, set only for a team the
// signed-in user belongs to (every request checks it again against TeamMember).
import { cookies } from 'next/headers';
import { getSessionUser } from '../auth/session';
import { TEAM_COOKIE } from './context';
import { roleIn } from '../services/teams';
import { config } from '../config';

export async function selectTeam(teamId: string): Promise<{ ok: boolean }> {
  const user = await getSessionUser();
  if (!user || typeof teamId !== 'string' || !(await roleIn(user.id, teamId))) return { ok: false };
  (await cookies()).set(TEAM_COOKIE, teamId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
    path: '/',
    maxAge: 60 * 60 * 24 * 365,
  });
  return { ok: true };
}
