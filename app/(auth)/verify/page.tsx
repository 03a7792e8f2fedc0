import type { Metadata } from 'next';
import Link from 'next/link';
import { ContinueLink } from '@/components/auth/continue-link';
import { buttonClass } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Sign in' };

/**
 * The page a magic link opens. Signing in takes a click here, so a mail scanner that fetches
 * the link does not spend the one-time token.
 */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { token, email, callbackUrl } = await searchParams;
  if (!token || !email) {
    return (
      <div className="text-center">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">This link is incomplete</h1>
        <p className="mt-2 text-sm text-zinc-600">Copy the whole link from the email, or ask for a new one.</p>
        <Link href="/signin" className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          Get a new link
        </Link>
      </div>
    );
  }
  const callback = new URLSearchParams({ token, email, ...(callbackUrl ? { callbackUrl } : {}) });
  return (
    <div className="text-center">
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Sign in to Quire</h1>
      <p className="mt-2 text-sm text-zinc-600">
        Continue as <strong className="font-medium break-all text-zinc-900">{email}</strong>
      </p>
      <ContinueLink href={`/api/auth/callback/email?${callback}`} />
      <p className="mt-4 text-xs text-zinc-500">Not you? You can close this page; nothing happens until you continue.</p>
    </div>
  );
}
