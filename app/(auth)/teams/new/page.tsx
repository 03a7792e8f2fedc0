import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { CreateTeamForm } from '@/components/auth/create-team-form';
import { getSessionUser } from '@/server/auth/session';
import { listTeamsForUser } from '@/server/services/teams';

export const metadata: Metadata = { title: 'Create a team' };

export default async function NewTeamPage() {
  const user = await getSessionUser();
  if (!user) redirect('/signin?callbackUrl=/teams/new');
  const hasTeams = (await listTeamsForUser(user.id)).length > 0;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{hasTeams ? 'Create a new team' : 'Create your team'}</h1>
      <p className="mt-1 text-sm text-zinc-600">
        {hasTeams
          ? 'Teams keep their documents, data rooms and members separate.'
          : 'Your team holds your documents, data rooms and share links. You can invite colleagues next.'}
      </p>
      <CreateTeamForm />
      {hasTeams ? (
        <Link href="/documents" className="mt-4 block text-center text-sm text-zinc-600 hover:text-zinc-900">
          Cancel
        </Link>
      ) : (
        <p className="mt-5 text-center text-xs text-zinc-500">
          Invited to an existing team? Open the invitation link from your email instead.
        </p>
      )}
      <p className="mt-6 border-t border-zinc-100 pt-4 text-center text-xs text-zinc-500">
        Signed in as <span className="font-medium text-zinc-700">{user.email}</span>
      </p>
    </>
  );
}
