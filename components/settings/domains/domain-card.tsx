'use client';
// One custom domain: its state, the two DNS records to publish (the TXT record that proves the
// team holds the name, the CNAME that sends visitors here), what DNS answered when the last check
// failed, and its actions (check now, remove, confirmed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { RouterOutputs } from '@/lib/trpc/types';

export type Domain = RouterOutputs['domains']['get'];

export function DomainStatus({ status }: { status: Domain['status'] }) {
  if (status === 'verified')
    return (
      <Badge tone="green">
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
        Verified
      </Badge>
    );
  if (status === 'failed')
    return (
      <Badge tone="red">
        <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
        Check failed
      </Badge>
    );
  return (
    <Badge tone="amber">
      <Clock className="h-3.5 w-3.5" aria-hidden />
      Waiting for DNS
    </Badge>
  );
}

/** One DNS record: a row of three columns on wide screens, stacked on phones. */
function RecordRow({ type, name, value }: { type: string; name: string; value: string }) {
  const cell = (label: string, v: string, what: string) => (
    <div className="min-w-0">
      <div className="text-xs font-medium uppercase tracking-wide text-zinc-500 sm:hidden">{label}</div>
      <div className="flex items-center gap-2">
        <code className="min-w-0 break-all font-mono text-xs text-zinc-900">{v}</code>
        <CopyButton value={v} label="Copy" ariaLabel={`Copy the ${type} record's ${what}`} />
      </div>
    </div>
  );
  return (
    <div role="row" className="grid gap-2 border-t border-zinc-100 py-3 sm:grid-cols-[4.5rem_1fr_1fr] sm:items-center sm:gap-4">
      <div role="cell" className="font-mono text-xs font-semibold text-zinc-600">
        {type}
      </div>
      <div role="cell">{cell('Name', name, 'name')}</div>
      <div role="cell">{cell('Value', value, 'value')}</div>
    </div>
  );
}

export function DomainCard({ domain }: { domain: Domain }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [removing, setRemoving] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.domains.pathFilter());
  const verify = useMutation(
    trpc.domains.verify.mutationOptions({
      onSuccess: async (d) => {
        await refresh();
        notify(d.status === 'verified' ? `${d.name} is verified. Links can be shared on it now.` : `${d.name} is not verified yet: see what DNS answered.`, d.status === 'verified' ? 'success' : 'error');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const remove = useMutation(
    trpc.domains.delete.mutationOptions({
      onSuccess: async () => {
        setRemoving(false);
        notify(`${domain.name} removed. Its links are shared on the app’s address again.`);
        await refresh();
      },
    }),
  );

  return (
    <Card className="overflow-hidden">
      <div data-testid="domain-card" data-status={domain.status} className="contents">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-zinc-100 px-5 py-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-base font-semibold text-zinc-900">{domain.name}</h2>
              <DomainStatus status={domain.status} />
            </div>
            <p className="mt-1 text-sm text-zinc-500">
              {domain.status === 'verified' && domain.verified_at ? (
                <>
                  Verified <RelativeTime iso={domain.verified_at} />. Checked again every day.
                </>
              ) : (
                <>
                  Added <RelativeTime iso={domain.created} />. Publish the records below, then check.
                </>
              )}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => verify.mutate({ id: domain.id })} disabled={verify.isPending} aria-label={`Check the DNS of ${domain.name} now`}>
              <RefreshCw className={verify.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
              {verify.isPending ? 'Checking…' : domain.status === 'verified' ? 'Check again' : 'Verify now'}
            </Button>
            <Button variant="ghost" onClick={() => setRemoving(true)} aria-label={`Remove ${domain.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove
            </Button>
          </div>
        </div>
        {domain.error && (
          <div role="status" className="mx-5 mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200" data-testid="domain-error">
            <p className="font-medium">The last check failed</p>
            <p className="mt-0.5 break-words">{domain.error}</p>
          </div>
        )}
        <div className="px-5 py-4">
          <p id={`records-${domain.id}`} className="mb-1 text-sm text-zinc-600">
            DNS records to publish at your DNS provider
          </p>
          <div role="table" aria-labelledby={`records-${domain.id}`}>
            <div role="row" className="hidden gap-4 pb-1 text-xs font-medium uppercase tracking-wide text-zinc-500 sm:grid sm:grid-cols-[4.5rem_1fr_1fr]">
              <div role="columnheader">Type</div>
              <div role="columnheader">Name</div>
              <div role="columnheader">Value</div>
            </div>
            <RecordRow type="TXT" name={domain.verification.name} value={domain.verification.value} />
            <RecordRow type="CNAME" name={domain.name} value={domain.target} />
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={(o) => !o && setRemoving(false)}
        title={`Remove ${domain.name}?`}
        confirmLabel="Remove domain"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate({ id: domain.id })}
      >
        <p>Links shared on this domain go back to the app’s own address. Anyone who saved the old address reaches nothing there.</p>
      </ConfirmDialog>
    </Card>
  );
}
