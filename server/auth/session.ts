// next-auth: email sign-in (magic link), sessions stored in the database.
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import EmailProvider from 'next-auth/providers/email';
import { cache } from 'react';
import { appSecret } from '../storage/config';
import { sendLinkMail } from './mail';
import { prismaAdapter } from './prisma-adapter';
import { config } from '../config';

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
      return { ...session, user: { ...session.user, id: user.id, email: user.email } };
    },
  },
};

export type SessionUser = { id: string; email: string };

/** The signed-in user of this request (server components and route handlers), or null. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  const u = session?.user as { id?: string; email?: string | null } | undefined;
  return u?.id && u.email ? { id: u.id, email: u.email } : null;
});

