import { MailWarning, UsersRound } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AcceptInvitation } from '@/components/auth/accept-invitation';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { buttonClass } from '@/components/ui/button';
import { ROLE_LABELS } from '@/lib/format';
import { serverCaller } from '@/server/dashboard/caller';
import { getSessionUser } from '@/server/auth/session';
import { ApiError } from '@/server/errors';
import type { InvitationPreview } from '@/server/services/invitations';

export const metadata: Metadata = { title: 'Invitation' };

async function preview(token: string): Promise<InvitationPreview | null> {
  try {
    return await (await serverCaller()).invitations.preview({ token });
  } catch (e) {
    if ((e as { cause?: unknown }).cause instanceof ApiError || (e as { code?: string }).code === 'BAD_REQUEST') return null;
    throw e;
  }
}

function Message({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <MailWarning className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      <div className="mt-2 text-sm text-zinc-600">{children}</div>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`);

  const inv = await preview(token);
  const home = (
    <Link href="/" className={buttonClass('secondary', 'lg', 'w-full')}>
      Go to Quire
    </Link>
  );
  if (!inv) {
    return (
      <Message title="Invitation not found" action={home}>
        This invitation link is not valid. It may have been revoked; ask the person who invited you for a new one.
      </Message>
    );
  }
  if (inv.status === 'expired') {
    return (
      <Message title="This invitation has expired" action={home}>
        Invitations are valid for 7 days. Ask an admin of {inv.team_name} to invite you again.
      </Message>
    );
  }
  if (inv.status === 'accepted') {
    return (
      <Message title="Invitation already used" action={home}>
        This invitation to {inv.team_name} has already been accepted.
      </Message>
    );
  }
  if (inv.status === 'wrong_email') {
    return (
      <Message
        title="Wrong account"
        action={
          <SignOutButton
            callbackUrl={`/signin?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`}
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            Sign in with another email
          </SignOutButton>
        }
      >
        This invitation was sent to <strong className="font-medium text-zinc-900">{inv.email}</strong>, but you are signed in as{' '}
        <strong className="font-medium text-zinc-900">{user.email}</strong>.
      </Message>
    );
  }
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <UsersRound className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Join {inv.team_name}</h1>
      <p className="mt-2 text-sm text-zinc-600">
        {inv.invited_by ?? 'A teammate'} invited you to join <strong className="font-medium text-zinc-900">{inv.team_name}</strong> as{' '}
        {ROLE_LABELS[inv.role]?.toLowerCase() ?? inv.role}.
      </p>
      <AcceptInvitation token={token} alreadyMember={inv.status === 'already_member'} />
    </div>
  );
}
