import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/session';
import { recordMagicLinkSignIn } from '@/server/services/sso/signin';

// A magic-link sign-in is recorded (`member.signed_in`, method magic_link) in each team of the
// user; SSO records its own (server/sso/routes.ts).
const handler = NextAuth({
  ...authOptions,
  events: {
    async signIn({ user, account }) {
      if (account?.provider === 'email' && user.id) await recordMagicLinkSignIn(user.id).catch((e) => console.error('[auth] sign-in event', e));
    },
  },
});

export { handler as GET, handler as POST };
