// A member's signed-in sessions (next-auth's database sessions): where each was last seen, and
// revoking one or all. A revoked session's row is gone, so its next request is signed out.
import { db } from '../../db/client';
import { notFound } from '../../errors';
import type { SessionInfo } from '../../auth/prisma-adapter';
import { describeAgent } from '../../../lib/shared/user-agent';

/** Last-seen is written at most this often per session (or when the address or browser changes). */
export const LAST_SEEN_GRANULARITY_MS = 5 * 60_000;

export type SessionView = {
  id: string;
  object: 'session';
  browser: string;
  user_agent: string | null;
  ip_address: string | null;
  created: string;
  last_seen_at: string | null;
  expires_at: string;
  is_current: boolean;
  two_factor_verified: boolean;
};

/** Records where a session was seen from, unless it was seen from there within the last few minutes. */
export async function touchSession(info: SessionInfo, address: string | null | undefined, userAgent: string | null | undefined, now = Date.now()) {
  const ip = address && address !== 'unknown' ? address : null;
  const ua = userAgent?.slice(0, 512) ?? null;
  const fresh = info.lastSeenAt && now - info.lastSeenAt.getTime() < LAST_SEEN_GRANULARITY_MS;
  if (fresh && info.ipAddress === ip && info.userAgent === ua) return;
  await db.session.updateMany({ where: { id: info.id }, data: { lastSeenAt: new Date(now), ipAddress: ip, userAgent: ua } }).catch(() => {});
}

export async function listSessions(userId: string, currentId: string | null): Promise<SessionView[]> {
  const rows = await db.session.findMany({
    where: { userId, expires: { gt: new Date() } },
    orderBy: [{ lastSeenAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
  });
  const views = rows.map(
    (s): SessionView => ({
      id: s.id,
      object: 'session',
      browser: describeAgent(s.userAgent),
      user_agent: s.userAgent,
      ip_address: s.ipAddress,
      created: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt?.toISOString() ?? null,
      expires_at: s.expires.toISOString(),
      is_current: s.id === currentId,
      two_factor_verified: s.twoFactorVerified,
    }),
  );
  // This browser's own session first.
  return [...views.filter((v) => v.is_current), ...views.filter((v) => !v.is_current)];
}

/** Ends one of the user's sessions (404 for anyone else's). */
export async function revokeSession(userId: string, id: string) {
  const { count } = await db.session.deleteMany({ where: { id, userId } });
  if (!count) throw notFound('Session');
  return { id, object: 'session' as const, deleted: true as const };
}

/** "Sign out everywhere": every session of the user, this one included (`keep` spares one). */
export async function revokeAllSessions(userId: string, keep?: string | null) {
  const { count } = await db.session.deleteMany({ where: { userId, ...(keep && { id: { not: keep } }) } });
  return { revoked: count };
}
