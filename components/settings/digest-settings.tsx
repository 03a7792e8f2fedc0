'use client';
// The member's digest settings: per kind of news, a mail for each event (instant), one mail a day
// or a week grouped by room, or nothing; and the time zone whose 08:00 the digests go out at.
// Saved as each choice changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useMemo } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { LoadError } from '@/components/ui/data-table';

const KINDS = [
  { id: 'visits', label: 'Visits', hint: 'Someone opens a link you made (links with notifications on).' },
  { id: 'questions', label: 'Questions', hint: 'A visitor asks a question in a room.' },
  { id: 'access_requests', label: 'Access requests', hint: 'A refused visitor asks to be let in.' },
  { id: 'uploads', label: 'Visitor uploads', hint: 'A visitor uploads a file for your approval.' },
] as const;

const FREQUENCIES = [
  { id: 'instant', label: 'Instantly' },
  { id: 'daily', label: 'Daily digest' },
  { id: 'weekly', label: 'Weekly digest (Mondays)' },
  { id: 'off', label: 'Off' },
] as const;

type Frequency = (typeof FREQUENCIES)[number]['id'];

export function DigestSettingsCard() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const notify = useToast();
  const settings = useQuery(trpc.digests.get.queryOptions());
  const update = useMutation(
    trpc.digests.update.mutationOptions({
      onSuccess: (data) => qc.setQueryData(trpc.digests.get.queryKey(), data),
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return all.includes('UTC') ? all : ['UTC', ...all];
  }, []);

  if (settings.isPending) {
    return (
      <Card className="space-y-3 p-5">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  }
  if (settings.error) return <LoadError title="Your notification settings could not be loaded" error={settings.error} onRetry={() => settings.refetch()} />;
  const s = settings.data;
  const digestOn = KINDS.some((k) => s[k.id] === 'daily' || s[k.id] === 'weekly');

  return (
    <Card>
      <CardHeader
        title="Email notifications"
        description="Digests group everything by data room, with links, and are sent at 08:00 in your time zone. Nothing happened: no email."
        action={
          <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-sm text-zinc-500" data-testid="digest-status">
            {update.isPending ? (
              <>
                <Spinner className="h-3.5 w-3.5" /> Saving…
              </>
            ) : update.isSuccess ? (
              <>
                <Check className="h-4 w-4 text-emerald-600" aria-hidden /> Saved
              </>
            ) : null}
          </p>
        }
      />
      <div className="divide-y divide-zinc-100">
        {KINDS.map((k) => (
          <div key={k.id} className="flex flex-col gap-2 px-5 py-3.5 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-sm font-medium text-zinc-900">{k.label}</p>
              <p className="text-sm text-zinc-500">{k.hint}</p>
            </div>
            <Select
              aria-label={k.label}
              className="w-full sm:w-56"
              value={s[k.id]}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ [k.id]: e.target.value as Frequency })}
            >
              {FREQUENCIES.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </Select>
          </div>
        ))}
        <div className="flex flex-col gap-2 px-5 py-3.5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-zinc-900">Time zone</p>
            <p className="text-sm text-zinc-500">{digestOn ? 'Your digests go out at 08:00 here.' : 'Used when you choose a daily or weekly digest.'}</p>
          </div>
          <Select aria-label="Time zone" className="w-full sm:w-56" value={s.time_zone} disabled={update.isPending} onChange={(e) => update.mutate({ time_zone: e.target.value })}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </Card>
  );
}
