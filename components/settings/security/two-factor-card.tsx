'use client';
// Settings → Security → Two-factor: the member's authenticator app (set up, recovery codes,
// turn off with a current code).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { RecoveryCodes, TotpSetup } from '@/components/security/totp-setup';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { PasskeysSection } from './passkeys-section';

type Action = 'disable' | 'regenerate' | null;

export function TwoFactorCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const status = useQuery({ ...trpc.security.twoFactor.status.queryOptions(), staleTime: 0 });
  const [action, setAction] = useState<Action>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.security.twoFactor.status.queryFilter());
  const disable = useMutation(
    trpc.security.twoFactor.disableTotp.mutationOptions({
      onSuccess: async () => {
        setAction(null);
        await refresh();
        notify('Two-factor is off. Sign-in needs only the email link now.');
      },
    }),
  );
  const regenerate = useMutation(
    trpc.security.twoFactor.regenerateRecoveryCodes.mutationOptions({
      onSuccess: (r) => {
        setAction(null);
        setNewCodes(r.recovery_codes);
      },
    }),
  );
  const pending = action === 'disable' ? disable : regenerate;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '');
    if (action === 'disable') disable.mutate({ code });
    else regenerate.mutate({ code });
  };
  const s = status.data;
  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="A second step after the email link: a code from an authenticator app, or a passkey."
        action={s && (s.enabled ? <Badge tone="green">On</Badge> : <Badge tone="neutral">Off</Badge>)}
      />
      <div className="space-y-5 p-5" data-testid="two-factor-card">
        {status.isPending ? (
          <Spinner />
        ) : status.error ? (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(status.error)}
          </p>
        ) : newCodes ? (
          <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} doneLabel="Done" />
        ) : !s!.totp_enabled ? (
          <TotpSetup onDone={() => void refresh()} doneLabel="Done" />
        ) : action ? (
          <form onSubmit={submit} className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <Field
              label={action === 'disable' ? 'Current code to turn it off' : 'Current code for new recovery codes'}
              className="flex-1"
              error={pending.error ? errorMessage(pending.error) : null}
            >
              {(p) => <Input {...p} name="code" autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" className="font-mono tracking-widest" />}
            </Field>
            <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} loading={pending.isPending}>
              {action === 'disable' ? 'Turn off' : 'Make new codes'}
            </Button>
            <Button variant="ghost" onClick={() => setAction(null)}>
              Cancel
            </Button>
          </form>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3 text-sm text-zinc-700">
              <ShieldCheck className="h-5 w-5 text-emerald-600" aria-hidden />
              <span>
                Authenticator app on · {s!.recovery_codes_left} recovery code{s!.recovery_codes_left === 1 ? '' : 's'} left
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setAction('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setAction('disable')}>
                Turn off
              </Button>
            </div>
          </div>
        )}
        {s && !newCodes && <PasskeysSection passkeys={s.passkeys} totpEnabled={s.totp_enabled} />}
      </div>
    </Card>
  );
}
