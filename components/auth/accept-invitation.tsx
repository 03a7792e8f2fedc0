'use client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { selectTeam } from '@/server/dashboard/team-actions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';

function Accept({ token, alreadyMember }: { token: string; alreadyMember: boolean }) {
  const trpc = useTRPC();
  const [navigating, setNavigating] = useState(false);
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      async onSuccess({ team_id }) {
        setNavigating(true);
        await selectTeam(team_id);
        window.location.assign('/documents');
      },
    }),
  );
  return (
    <div className="mt-6">
      {accept.error && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(accept.error)}
        </p>
      )}
      <Button size="lg" className="w-full" loading={accept.isPending || navigating} loadingLabel="Joining…" onClick={() => accept.mutate({ token })}>
        {alreadyMember ? 'Open the team' : 'Accept invitation'}
      </Button>
    </div>
  );
}

export function AcceptInvitation(props: { token: string; alreadyMember: boolean }) {
  return (
    <TRPCReactProvider>
      <Accept {...props} />
    </TRPCReactProvider>
  );
}
