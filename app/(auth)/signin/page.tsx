import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { getSessionState, getSessionUser, twoFactorPending } from '@/server/auth/session';
import { safeCallbackUrl } from '@/lib/shared/callback-url';

export const metadata: Metadata = { title: 'Sign in' };

const ERRORS: Record<string, string> = {
  Verification: 'That sign-in link has expired or was already used. Enter your email to get a new one.',
  EmailSignin: 'We could not send the sign-in email. Please try again in a moment.',
  SessionRequired: 'Please sign in to continue.',
  SsoNotFound: 'No team uses single sign-on for that email domain or slug. Sign in with an email link instead.',
  SsoNotConfigured: 'That team does not use single sign-on.',
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { callbackUrl, error, email, sso } = await searchParams;
  const target = safeCallbackUrl(callbackUrl);
  if (await getSessionUser()) redirect(target);
  if (twoFactorPending(await getSessionState())) redirect('/two-factor');
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Sign in to Quire</h1>
      <p className="mt-1 text-sm text-zinc-600">We’ll email you a link that signs you in. No password needed.</p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {ERRORS[error] ?? 'Sign-in failed. Please try again.'}
        </p>
      )}
      <SignInForm callbackUrl={target} defaultEmail={email} />
      <SsoSignIn callbackUrl={target} defaultValue={sso} />
    </>
  );
}
