'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useIdentity, useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { PLAN_LABELS } from '@/lib/format';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

export function TeamCard() {
  const { team } = useIdentity();
  const isAdmin = useIsAdmin();
  const trpc = useTRPC();
  const router = useRouter();
  const notify = useToast();
  const [name, setName] = useState(team.name);
  const rename = useMutation(
    trpc.teams.rename.mutationOptions({
      onSuccess: () => {
        notify('Team name saved.');
        router.refresh();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ name });
  };
  return (
    <Card>
      <CardHeader title="Team" description="The name your teammates and viewers see." />
      <div className="grid gap-6 p-5 md:grid-cols-[1fr_auto]">
        <form onSubmit={submit} className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Team name" className="flex-1" error={rename.error ? errorMessage(rename.error) : null}>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} disabled={!isAdmin} maxLength={64} />}
          </Field>
          {isAdmin && (
            <Button type="submit" variant="secondary" loading={rename.isPending} disabled={!name.trim() || name.trim() === team.name}>
              Save
            </Button>
          )}
        </form>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 self-end text-sm">
          <dt className="text-zinc-500">Plan</dt>
          <dd>
            <Badge tone="brand">{PLAN_LABELS[team.plan] ?? team.plan}</Badge>
          </dd>
          <dt className="text-zinc-500">Team ID</dt>
          <dd className="font-mono text-xs text-zinc-600">{team.slug}</dd>
        </dl>
      </div>
      <p className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
        Plans are managed by Quire. To change yours, contact your account manager.
      </p>
    </Card>
  );
}
