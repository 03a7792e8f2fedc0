'use client';
// Setting up an authenticator app: scan the QR code (or type the key), confirm with the first
// code, then save the ten recovery codes, which are shown this once.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

type Begun = { secret: string; otpauth_url: string; qr_code: string };

export function RecoveryCodes({ codes, onDone, doneLabel = 'I saved my recovery codes' }: { codes: string[]; onDone(): void; doneLabel?: string }) {
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p className="text-sm text-zinc-600">
        Keep these somewhere safe (a password manager). Each signs you in once if you lose your phone. They are not shown again.
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg bg-zinc-50 p-4 font-mono text-sm text-zinc-900 ring-1 ring-zinc-200">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy codes" />
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}

export function TotpSetup({ onDone, doneLabel, stacked = false }: { onDone(): void; doneLabel?: string; /** QR above the steps (narrow pages). */ stacked?: boolean }) {
  const trpc = useTRPC();
  const [begun, setBegun] = useState<Begun | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const begin = useMutation(trpc.security.twoFactor.beginTotp.mutationOptions({ onSuccess: setBegun }));
  const confirm = useMutation(trpc.security.twoFactor.confirmTotp.mutationOptions({ onSuccess: (r) => setCodes(r.recovery_codes) }));
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  if (!begun)
    return (
      <div className="space-y-3">
        <Button onClick={() => begin.mutate()} loading={begin.isPending}>
          Set up an authenticator app
        </Button>
        {begin.error && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(begin.error)}
          </p>
        )}
      </div>
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    confirm.mutate({ code: String(new FormData(e.currentTarget).get('code') ?? '') });
  };
  return (
    <div className={stacked ? 'grid gap-5' : 'grid gap-6 sm:grid-cols-[auto_1fr]'}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
      <img src={begun.qr_code} alt="QR code of your Quire authenticator key" width={176} height={176} className="rounded-lg ring-1 ring-zinc-200" data-testid="totp-qr" />
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-600">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>Or type this key into it:</li>
        </ol>
        <div className="flex items-center gap-2">
          <code className="min-w-0 truncate rounded bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-800" data-testid="totp-secret">
            {begun.secret}
          </code>
          <CopyButton value={begun.secret} label="Copy key" />
        </div>
        <form onSubmit={submit} className={stacked ? 'flex flex-col gap-3' : 'flex max-w-sm flex-col gap-3 sm:flex-row sm:items-end'} noValidate>
          <Field label="Code from the app" className="flex-1" error={confirm.error ? errorMessage(confirm.error) : null}>
            {(p) => <Input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" className="font-mono tracking-widest" autoFocus />}
          </Field>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </form>
      </div>
    </div>
  );
}
