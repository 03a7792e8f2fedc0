// next-auth: email sign-in (magic link), sessions stored in the database.
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import EmailProvider from 'next-auth/providers/email';
import { cache } from 'react';
import { appSecret } from '../storage/config';
import { sendLinkMail } from './mail';
import { prismaAdapter, SESSION_INFO, type SessionInfo } from './prisma-adapter';
import { config } from '../config';
import { parseCookies } from '../lib/cookies';

// next-auth builds its callback URLs from NEXTAUTH_URL; APP_URL names the same origin.
// (next-auth reads the variable itself, so it is the one place that writes to the environment.)
if (config.nextAuthUrlMissing) process.env.NEXTAUTH_URL = config.appUrl;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const SIGN_IN_LINK_MAX_AGE_S = 60 * 60;

export const authOptions: NextAuthOptions = {
  adapter: prismaAdapter(),
  secret: config.nextAuthSecret ?? appSecret(),
  session: { strategy: 'database', maxAge: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
  pages: { signIn: '/signin', verifyRequest: '/check-email', error: '/signin' },
  providers: [
    EmailProvider({
      // Unused: sendVerificationRequest below sends through server/auth/mail.ts.
      server: config.mail?.server ?? 'smtp://localhost:25',
      from: config.mail?.from ?? 'Quire <no-reply@localhost>',
      maxAge: SIGN_IN_LINK_MAX_AGE_S,
      normalizeIdentifier: normalizeEmail,
      async sendVerificationRequest({ identifier, url }) {
        // The mail links to our /verify page, which asks for a click before spending the
        // one-time token: mail scanners that open links would otherwise sign the link out.
        const callback = new URL(url);
        const verify = new URL('/verify', callback.origin);
        verify.search = callback.search;
        await sendLinkMail({
          to: identifier,
          kind: 'magic link',
          subject: 'Sign in to Quire',
          intro: `Use this link to sign in to Quire as ${identifier}. It works once and expires in an hour.`,
          actionLabel: 'Sign in to Quire',
          url: verify.toString(),
        });
      },
    }),
  ],
  callbacks: {
    session({ session, user }) {
      const info = (user as { [SESSION_INFO]?: SessionInfo })[SESSION_INFO];
      const ssoTeamId = (user as { ssoTeamId?: string | null }).ssoTeamId ?? null;
      return { ...session, user: { ...session.user, id: user.id, email: user.email, ssoTeamId }, [SESSION_INFO]: info };
    },
  },
};

/** `ssoTeamId`: the session began by SAML single sign-on and reaches only that team. */
export type SessionUser = {
  id: string;
  email: string;
  ssoTeamId?: string | null;
  /** The database session (absent for callers built in process, such as tests' callers). */
  session?: SessionInfo;
};

/** Signed in with the magic link, but a second factor is still owed before anything else. */
export const twoFactorPending = (u: SessionUser | null | undefined) => !!u?.session && u.session.twoFactorEnabled && !u.session.twoFactorVerified;

/**
 * The signed-in user of a request known by its headers, or null: next-auth's session check as
 * getServerSession does it inside Next (which builds the same request from next/headers), so it
 * also works where there is no Next request scope (scripts/serve.ts's node:http routes).
 */
export async function sessionUserOf(h: Headers): Promise<SessionUser | null> {
  const req = { headers: Object.fromEntries(h), cookies: parseCookies(h.get('cookie')) };
  const res = { getHeader() {}, setCookie() {}, setHeader() {} };
  const session = await getServerSession(req as never, res as never, authOptions);
  const u = session?.user as { id?: string; email?: string | null; ssoTeamId?: string | null } | undefined;
  const info = (session as { [SESSION_INFO]?: SessionInfo } | null)?.[SESSION_INFO];
  return u?.id && u.email ? { id: u.id, email: u.email, ssoTeamId: u.ssoTeamId ?? null, ...(info && { session: info }) } : null;
}

/**
 * Next's request scope (next/headers), loaded when first asked for: loading it before Next's
 * server has started (scripts/serve.ts loads the route modules first) breaks Next's own.
 */
export const nextRequestScope = () => require('next/headers') as typeof import('next/headers');

/** The session user of this request, second factor owed or not (the two-factor step's pages). */
export const getSessionState = cache(async (): Promise<SessionUser | null> => sessionUserOf(await nextRequestScope().headers()));

/** The signed-in user of this request (server components and actions), or null: a session still owing its second factor is not signed in. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const u = await getSessionState();
  return u && !twoFactorPending(u) ? u : null;
});

