import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { TwoFactorSetupRequired } from '@/components/security/setup-required';
import { TEAM_TWO_FACTOR_RULE } from '@/server/auth/team-guards';
import { getServerContext } from '@/server/dashboard/caller';

export const metadata: Metadata = { title: 'Set up two-factor authentication' };

/** A team that requires two-factor sends a member without it here before the team. */
export default async function TwoFactorSetupPage() {
  const ctx = await getServerContext();
  if (!ctx.user) redirect('/signin');
  if (ctx.twoFactorPending) redirect('/two-factor');
  if (ctx.teamRefusal?.details?.rule !== TEAM_TWO_FACTOR_RULE) redirect('/documents');
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Set up two-factor authentication</h1>
      <p className="mt-1 text-sm text-zinc-600">
        Your team requires a second step at sign-in. Set up an authenticator app to continue as{' '}
        <span className="font-medium text-zinc-800">{ctx.user.email}</span>.
      </p>
      <div className="mt-6">
        <TwoFactorSetupRequired />
      </div>
    </>
  );
}
