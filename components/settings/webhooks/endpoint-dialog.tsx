'use client';
// Adding an endpoint (then its secret, once) or editing one: URL, description, events. The
// server's refusals show under the field they name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '@/lib/shared/webhooks';
import { errorMessage, fieldErrors, sentence } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { EventPicker } from './event-picker';
import { orderedPatterns, type Endpoint } from './model';
import { SecretOnce } from './secret-once';

/** `endpoint`: edit it; without, add one. Mounted while open, so each opening starts afresh. */
export function EndpointDialog({ endpoint, onClose }: { endpoint?: Endpoint; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <EndpointForm endpoint={endpoint} onClose={onClose} />
    </Dialog>
  );
}

function EndpointForm({ endpoint, onClose }: { endpoint?: Endpoint; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<Set<string>>(() => new Set(endpoint?.events ?? ['*']));
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.pathFilter());
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notify('Webhook endpoint saved.');
        onClose();
      },
    }),
  );
  const mutation = endpoint ? update : create;
  /** A change clears the server's refusal of the values it was about. */
  const edited = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    if (mutation.error) mutation.reset();
  };
  const errors = fieldErrors(mutation.error);
  const known = ['url', 'description', 'events'];
  const general = mutation.error && !known.some((k) => errors[k]) ? errorMessage(mutation.error) : null;

  if (create.data) {
    return <SecretOnce title="Endpoint added: its signing secret" secret={create.data.secret} url={create.data.url} onDone={onClose} />;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { url: url.trim(), description: description.trim() || null, events: orderedPatterns(events) };
    if (endpoint) update.mutate({ id: endpoint.id, ...body });
    else create.mutate(body);
  }

  return (
    <DialogContent
      title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      description={endpoint ? undefined : 'Quire POSTs the events you choose to this URL, signed with a secret you get next.'}
      className="max-w-xl"
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        <Field label="Endpoint URL" hint="An https URL on a public address." error={errors.url ? sentence(errors.url) : null}>
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              autoFocus
              maxLength={WEBHOOK_URL_MAX}
              value={url}
              onChange={(e) => edited(setUrl)(e.target.value)}
              placeholder="https://example.com/hooks/quire"
            />
          )}
        </Field>
        <Field label="Description (optional)" hint="What receives these events, e.g. “CRM sync”." error={errors.description ? sentence(errors.description) : null}>
          {(p) => <Input {...p} maxLength={WEBHOOK_DESCRIPTION_MAX} value={description} onChange={(e) => edited(setDescription)(e.target.value)} />}
        </Field>
        <EventPicker value={events} onChange={edited(setEvents)} error={errors.events ? sentence(errors.events) : undefined} />
        {general && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {general}
          </p>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={!url.trim() || events.size === 0}>
            {!mutation.isPending && !endpoint && <Webhook className="h-4 w-4" aria-hidden />}
            {endpoint ? 'Save changes' : 'Add endpoint'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
