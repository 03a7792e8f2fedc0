import { MailCheck } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { mailConfigured } from '@/server/auth/mail';

export const metadata: Metadata = { title: 'Check your email' };

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  const { email } = await searchParams;
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Check your email</h1>
      <p className="mt-2 text-sm text-zinc-600">
        We sent a sign-in link to {email ? <strong className="font-medium text-zinc-900">{email}</strong> : 'your inbox'}. It
        works once and expires in an hour.
      </p>
      {!mailConfigured() && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-left text-xs text-amber-800 ring-1 ring-amber-200">
          Email is not configured on this server, so the link was written to the server log (look for
          <code className="mx-1 font-mono">[quire] magic link</code>).
        </p>
      )}
      <p className="mt-6 text-sm text-zinc-600">
        Wrong address or no email?{' '}
        <Link href={email ? `/signin?email=${encodeURIComponent(email)}` : '/signin'} className="font-medium text-brand-600 hover:underline">
          Try again
        </Link>
      </p>
    </div>
  );
}
