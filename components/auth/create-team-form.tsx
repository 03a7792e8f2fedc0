'use client';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { selectTeam } from '@/app/team-actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';


function Form() {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const [navigating, setNavigating] = useState(false);
  const create = useMutation(
    trpc.dashboard.teams.create.mutationOptions({
      async onSuccess(team) {
        setNavigating(true);
        await selectTeam(team.id);
        // A full navigation: the shell is rendered again for the new team.
        window.location.assign('/documents');
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name });
  }
  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      <Field label="Team name" hint="Usually your company or fund name. You can change it later." error={create.error ? errorMessage(create.error) : null}>
        {(p) => (
          <Input {...p} name="name" autoFocus required maxLength={64} placeholder="Acme Capital" value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={create.isPending || navigating} disabled={!name.trim()}>
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
