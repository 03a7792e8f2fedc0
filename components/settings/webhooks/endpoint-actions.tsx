'use client';
// What can be done to one endpoint, from the list and from its page: edit, send a test, enable or
// disable, rotate the secret (confirmed; then the new secret once), delete (confirmed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, MoreHorizontal, Pencil, Power, PowerOff, ScrollText, Send, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Menu, MenuContent, MenuItem, MenuPrimitive, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { EndpointDialog } from './endpoint-dialog';
import type { Endpoint } from './model';
import { SecretOnce } from './secret-once';

/** Sends a `webhook.test` delivery to the endpoint; its log shows it arrive. */
export function useSendTest() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
        notify('Test event sent. Its delivery shows in the log.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
}

export function EndpointActions({ endpoint, withLogLink = false, onDeleted }: { endpoint: Endpoint; withLogLink?: boolean; onDeleted?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [dialog, setDialog] = useState<null | 'edit' | 'rotate' | 'delete'>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.pathFilter());
  const test = useSendTest();
  const toggle = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async (e) => {
        await refresh();
        notify(e.enabled ? 'Endpoint enabled. New events are sent to it again.' : 'Endpoint disabled. No events are sent to it until you enable it.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setDialog(null);
        notify('Webhook endpoint deleted.');
        onDeleted?.();
        await refresh();
      },
    }),
  );
  const close = () => {
    setDialog(null);
    rotate.reset();
    remove.reset();
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${endpoint.url}`}>
            <MoreHorizontal className="h-4 w-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent>
          {withLogLink && (
            <MenuPrimitive.Item asChild>
              <Link
                href={`/settings/webhooks/${endpoint.id}`}
                className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100"
              >
                <ScrollText className="h-4 w-4 shrink-0" aria-hidden />
                Delivery log
              </Link>
            </MenuPrimitive.Item>
          )}
          <MenuItem icon={Pencil} onSelect={() => setDialog('edit')}>
            Edit
          </MenuItem>
          <MenuItem icon={Send} onSelect={() => test.mutate({ id: endpoint.id })} disabled={test.isPending}>
            Send test event
          </MenuItem>
          {endpoint.enabled ? (
            <MenuItem icon={PowerOff} onSelect={() => toggle.mutate({ id: endpoint.id, enabled: false })}>
              Disable
            </MenuItem>
          ) : (
            <MenuItem icon={Power} onSelect={() => toggle.mutate({ id: endpoint.id, enabled: true })}>
              Enable
            </MenuItem>
          )}
          <MenuItem icon={KeyRound} onSelect={() => setDialog('rotate')}>
            Rotate secret
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={Trash2} danger onSelect={() => setDialog('delete')}>
            Delete
          </MenuItem>
        </MenuContent>
      </Menu>
      {dialog === 'edit' && <EndpointDialog endpoint={endpoint} onClose={close} />}
      {rotate.data ? (
        <Dialog open>
          <SecretOnce
            title="New signing secret"
            secret={rotate.data.secret}
            url={rotate.data.url}
            note="For the next 24 hours deliveries carry two signatures, one with the old secret and one with this one. Put it on the receiver before then."
            onDone={close}
          />
        </Dialog>
      ) : (
        <ConfirmDialog
          open={dialog === 'rotate'}
          onOpenChange={(o) => !o && close()}
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          pending={rotate.isPending}
          error={rotate.error ? errorMessage(rotate.error) : null}
          onConfirm={() => rotate.mutate({ id: endpoint.id })}
        >
          <p>You get a new secret, shown once. Every delivery is signed with it from now on.</p>
          <p>
            For 24 hours the current secret signs too (both signatures in <code className="rounded bg-zinc-100 px-1 font-mono text-xs">webhook-signature</code>
            ), so the receiver keeps working while you update it. After that, only the new secret does.
          </p>
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => !o && close()}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate({ id: endpoint.id })}
      >
        <p>
          <span className="font-medium break-all text-zinc-800">{endpoint.url}</span> stops receiving events at once, and its delivery log is deleted
          with it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
