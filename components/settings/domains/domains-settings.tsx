'use client';
// Settings → Domains: the team's custom domains (white label), each with the DNS records to
// publish and its state, and adding one within the plan's allowance.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Globe, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SelfHostNote } from '@/components/branding/plan-notes';
import { useIdentity } from '@/components/shell/team-context';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { PLAN_LABELS } from '@/lib/format';
import { DOMAIN_CAPS } from '@/lib/shared/domains';
import { PLANS } from '@/lib/shared/plans';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { DomainCard } from './domain-card';

function AddDomain({ disabled }: { disabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [name, setName] = useState('');
  const add = useMutation(
    trpc.domains.create.mutationOptions({
      onSuccess: async (d) => {
        setName('');
        notify(`${d.name} added. Publish its DNS records, then verify.`);
        await queryClient.invalidateQueries(trpc.domains.pathFilter());
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) add.mutate({ name: name.trim() });
  };
  const error = add.error ? (fieldError(add.error, 'name') ?? errorMessage(add.error)) : null;
  return (
    <Card className="mb-6 px-5 py-4">
      <form onSubmit={submit} className="flex flex-wrap items-start gap-3" aria-label="Add a domain">
        <Field label="Domain" hint="A host name you control, such as docs.example.com. Links are then shared at https://docs.example.com/view/…" error={error} className="min-w-64 flex-1">
          {(p) => (
            <Input
              {...p}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="docs.example.com"
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              disabled={disabled}
              data-testid="domain-name-input"
            />
          )}
        </Field>
        <Button type="submit" className="mt-6" disabled={disabled || !name.trim()} loading={add.isPending} loadingLabel="Adding…">
          <Plus className="h-4 w-4" aria-hidden />
          Add domain
        </Button>
      </form>
    </Card>
  );
}

export function DomainsSettings() {
  const trpc = useTRPC();
  const { team } = useIdentity();
  const domains = useQuery({ ...trpc.domains.list.queryOptions({}), staleTime: 0 });
  const list = domains.data?.data;
  const cap = DOMAIN_CAPS[team.plan];
  const used = list?.length ?? 0;
  const lift = PLANS.filter((p) => DOMAIN_CAPS[p] > Math.max(cap, used));
  const plan = PLAN_LABELS[team.plan] ?? team.plan;
  const full = used >= cap;

  return (
    <>
      <PageHeader
        title="Domains"
        description={<>Share links on your own domain: visitors see your address and your brand, never Quire’s.</>}
        actions={
          <a href="/docs/api#tag-domains" target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
            <BookOpen className="h-4 w-4" aria-hidden />
            Domains API
          </a>
        }
      />
      {cap === 0 && !list?.length ? (
        <Card>
          <EmptyState icon={Globe} title="Custom domains need the Business plan or higher">
            <p>The {plan} plan includes no custom domains. Business includes one; Data Rooms 5 and Data Rooms Plus 25. Ask your account manager to change the plan.</p>
            <SelfHostNote plans={lift} className="mt-4 text-xs text-zinc-500" />
          </EmptyState>
        </Card>
      ) : (
        <>
          {full && used > 0 ? (
            <p className="mb-4 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600" data-testid="domain-cap-note">
              The {plan} plan includes {cap} custom {cap === 1 ? 'domain' : 'domains'}, and the team has {used}. Remove one to add another
              {lift.length ? ', or move to a larger plan' : ''}.
            </p>
          ) : (
            <AddDomain disabled={domains.isPending} />
          )}
          {domains.isPending ? (
            <Card className="flex items-center justify-center gap-2 py-14 text-sm text-zinc-500">
              <Spinner /> Loading domains…
            </Card>
          ) : domains.error ? (
            <Card>
              <EmptyState icon={Globe} title="Domains could not be loaded" action={<Button variant="secondary" onClick={() => domains.refetch()}>Try again</Button>}>
                {errorMessage(domains.error)}
              </EmptyState>
            </Card>
          ) : !list?.length ? (
            <Card>
              <EmptyState icon={Globe} title="No custom domains yet">
                Add a domain above, publish the two DNS records it shows, and verify it. Then choose it on a link or a preset.
              </EmptyState>
            </Card>
          ) : (
            <div className="space-y-4">
              {list.map((d) => (
                <DomainCard key={d.id} domain={d} />
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
