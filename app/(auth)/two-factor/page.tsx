import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TwoFactorStep } from '@/components/security/two-factor-step';
import { getSessionState, twoFactorPending } from '@/server/auth/session';
import { db } from '@/server/db/client';

export const metadata: Metadata = { title: 'Two-factor authentication' };

/** After the magic link, a member with two-factor proves it here before the session is usable. */
export default async function TwoFactorPage() {
  const user = await getSessionState();
  if (!user) redirect('/signin');
  if (!twoFactorPending(user)) redirect('/documents');
  const u = await db.user.findUnique({ where: { id: user.id }, select: { totpEnabledAt: true, _count: { select: { passkeys: true } } } });
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Two-factor authentication</h1>
      <p className="mt-1 text-sm text-zinc-600">
        Signed in as <span className="font-medium text-zinc-800">{user.email}</span>. Confirm it is you to continue.
      </p>
      <TwoFactorStep hasTotp={!!u?.totpEnabledAt} hasPasskey={(u?._count.passkeys ?? 0) > 0} next="/documents" />
    </>
  );
}
