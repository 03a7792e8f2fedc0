'use client';
// The member's passkeys inside the two-factor card: add one (this device or a security key),
// see when each was last used, remove one.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { passkeyError, useAddPasskey, useRemovePasskey } from '@/components/security/use-passkeys';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { LastUsed } from '../revoke';

type Passkey = { id: string; name: string; created: string; last_used_at: string | null };

export function PasskeysSection({ passkeys, totpEnabled }: { passkeys: Passkey[]; totpEnabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [naming, setNaming] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.security.twoFactor.status.queryFilter());
  const add = useAddPasskey(() => {
    setNaming(false);
    void refresh();
    notify('Passkey added.');
  });
  const remove = useRemovePasskey(() => {
    void refresh();
    notify('Passkey removed.');
  });
  // The last second factor goes only with its own confirmation (two-factor turns off).
  const confirmRemoval = !totpEnabled && passkeys.length === 1;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    add.mutate(String(new FormData(e.currentTarget).get('name') ?? '').trim() || 'Passkey');
  };
  return (
    <div className="space-y-3 border-t border-zinc-100 pt-5" data-testid="passkeys">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-medium text-zinc-900">Passkeys</h3>
          <p className="text-sm text-zinc-500">Your device’s fingerprint, face or PIN, or a security key, instead of a code.</p>
        </div>
        {!naming && (
          <Button variant="secondary" size="sm" onClick={() => setNaming(true)}>
            Add a passkey
          </Button>
        )}
      </div>
      {naming && (
        <form onSubmit={submit} className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <Field label="Name" className="flex-1" error={add.error ? (passkeyError(add.error) ?? errorMessage(add.error)) : null}>
            {(p) => <Input {...p} name="name" autoFocus maxLength={64} placeholder="MacBook Touch ID" />}
          </Field>
          <Button type="submit" loading={add.isPending}>
            Continue
          </Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </form>
      )}
      {remove.error && (
        <p role="alert" className="text-sm text-red-600">
          {passkeyError(remove.error) ?? errorMessage(remove.error)}
        </p>
      )}
      {confirmRemoval && <p className="text-sm text-zinc-500">Removing your only passkey turns two-factor authentication off: you confirm with the passkey first.</p>}
      {passkeys.length > 0 && (
        <ul className="divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm" data-testid="passkey-row">
              <span className="flex min-w-0 items-center gap-2 font-medium text-zinc-900">
                <KeyRound className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="truncate">{p.name}</span>
              </span>
              <span className="flex items-center gap-3 text-zinc-500">
                <span>
                  Last used <LastUsed iso={p.last_used_at} />
                </span>
                <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" loading={remove.isPending && remove.variables?.id === p.id} onClick={() => remove.mutate({ id: p.id, confirm: confirmRemoval })} aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
