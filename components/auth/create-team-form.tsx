'use client';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { selectTeam } from '@/server/dashboard/team-actions';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';


function Form() {
  const trpc = useTRPC();
  const [navigating, setNavigating] = useState(false);
  // Until hydrated, a click would submit the form natively instead of through the handler.
  const hydrated = useHydrated();
  const create = useMutation(
    trpc.teams.create.mutationOptions({
      async onSuccess(team) {
        setNavigating(true);
        await selectTeam(team.id);
        // A full navigation: the shell is rendered again for the new team.
        window.location.assign('/documents');
      },
    }),
  );
  // Read from the form, not from state: text typed before hydration still counts.
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    create.mutate({ name: String(new FormData(e.currentTarget).get('name') ?? '') });
  }
  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      <Field label="Team name" hint="Usually your company or fund name. You can change it later." error={create.error ? errorMessage(create.error) : null}>
        {(p) => (
          <Input {...p} name="name" autoFocus required maxLength={64} placeholder="Acme Capital" />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={create.isPending || navigating} loadingLabel={navigating ? 'Opening your team…' : 'Creating team…'} disabled={!hydrated}>
        Create team
      </Button>
    </form>
  );
}

export function CreateTeamForm() {
  return (
    <TRPCReactProvider>
      <Form />
    </TRPCReactProvider>
  );
}
