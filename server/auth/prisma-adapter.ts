// next-auth's adapter over our Prisma client: users, accounts, database sessions and one-time
// verification tokens. Emails are lowercased here as well as by the provider, because the users
// table refuses anything else (qx_users_email_lower).
import type { Adapter, AdapterAccount, AdapterUser } from 'next-auth/adapters';
import { db } from '../db/client';

/** The database session behind a signed-in request (its row, and whether two-factor is owed). */
export type SessionInfo = {
  id: string;
  twoFactorVerified: boolean;
  /** The user has a second factor (an authenticator app or a passkey). */
  twoFactorEnabled: boolean;
  lastSeenAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
};

/** A symbol key: kept in process, never serialised into /api/auth/session's JSON. */
export const SESSION_INFO = Symbol.for('quire.session-info');

const lower = (email: string) => email.trim().toLowerCase();

const toUser = (u: { id: string; email: string; name: string | null; image: string | null; emailVerified: Date | null }): AdapterUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  image: u.image,
  emailVerified: u.emailVerified,
});

const isNotFound = (e: unknown) => (e as { code?: string } | null)?.code === 'P2025';

export function prismaAdapter(): Adapter {
  return {
    async createUser(user: Omit<AdapterUser, 'id'>) {
      const u = await db.user.create({
        data: { email: lower(user.email), name: user.name ?? null, image: user.image ?? null, emailVerified: user.emailVerified },
      });
      return toUser(u);
    },
    async getUser(id) {
      const u = await db.user.findUnique({ where: { id } });
      return u ? toUser(u) : null;
    },
    async getUserByEmail(email) {
      const u = await db.user.findUnique({ where: { email: lower(email) } });
      return u ? toUser(u) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const a = await db.account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        include: { user: true },
      });
      return a ? toUser(a.user) : null;
    },
    async updateUser({ id, email, name, image, emailVerified }) {
      const u = await db.user.update({
        where: { id },
        data: {
          ...(email !== undefined && { email: lower(email) }),
          ...(name !== undefined && { name }),
          ...(image !== undefined && { image }),
          ...(emailVerified !== undefined && { emailVerified }),
        },
      });
      return toUser(u);
    },
    async deleteUser(id) {
      await db.user.delete({ where: { id } });
    },
    async linkAccount(account: AdapterAccount) {
      await db.account.create({
        data: {
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refresh_token: account.refresh_token ?? null,
          access_token: account.access_token ?? null,
          expires_at: account.expires_at ?? null,
          token_type: account.token_type ?? null,
          scope: account.scope ?? null,
          id_token: account.id_token ?? null,
          session_state: account.session_state ?? null,
        },
      });
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, 'provider' | 'providerAccountId'>) {
      await db.account.delete({ where: { provider_providerAccountId: { provider, providerAccountId } } });
    },
    async createSession(s) {
      return db.session.create({ data: { sessionToken: s.sessionToken, userId: s.userId, expires: s.expires } });
    },
    async getSessionAndUser(sessionToken) {
      const s = await db.session.findUnique({
        where: { sessionToken },
        include: { user: { include: { _count: { select: { passkeys: true } } } } },
      });
      if (!s) return null;
      const { user, ...session } = s;
      // next-auth hands this user object to the session callback as it is: the session's own
      // row rides along on it (server/auth/session.ts reads it there), and so does its team binding
      // (a session begun by SAML single sign-on reaches only that team).
      const info: SessionInfo = {
        id: session.id,
        twoFactorVerified: session.twoFactorVerified,
        twoFactorEnabled: !!user.totpEnabledAt || user._count.passkeys > 0,
        lastSeenAt: session.lastSeenAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      };
      return { session, user: Object.assign(toUser(user), { ssoTeamId: s.ssoTeamId, [SESSION_INFO]: info }) as AdapterUser };
    },
    async updateSession({ sessionToken, expires, userId }) {
      try {
        return await db.session.update({
          where: { sessionToken },
          data: { ...(expires && { expires }), ...(userId && { userId }) },
        });
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async deleteSession(sessionToken) {
      await db.session.deleteMany({ where: { sessionToken } });
    },
    async createVerificationToken(t) {
      return db.verificationToken.create({ data: { identifier: lower(t.identifier), token: t.token, expires: t.expires } });
    },
    async useVerificationToken({ identifier, token }) {
      // Delete-and-return makes each link single-use even when two clicks race.
      try {
        return await db.verificationToken.delete({ where: { identifier_token: { identifier: lower(identifier), token } } });
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
  };
}
