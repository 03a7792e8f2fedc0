'use client';
// The sign-in step of a member with two-factor: a code from the authenticator app, or one of
// the recovery codes. Until it succeeds the session reaches nothing else.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';
import { useHydrated } from '@/lib/use-hydrated';
import { KeyRound } from 'lucide-react';
import { passkeyError, useVerifyPasskey } from './use-passkeys';

function Step({ hasTotp, hasPasskey, next }: { hasTotp: boolean; hasPasskey: boolean; next: string }) {
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const [recovery, setRecovery] = useState(false);
  const [navigating, setNavigating] = useState(false);
  const verify = useMutation(
    trpc.security.twoFactor.verify.mutationOptions({
      onSuccess() {
        setNavigating(true);
        window.location.assign(next);
      },
    }),
  );
  const passkey = useVerifyPasskey(() => {
    setNavigating(true);
    window.location.assign(next);
  });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('code') ?? '');
    verify.mutate(recovery ? { recovery_code: value } : { code: value });
  }
  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate key={recovery ? 'recovery' : 'code'}>
      {hasTotp && (
        <>
      <Field
        label={recovery ? 'Recovery code' : 'Authentication code'}
        hint={recovery ? 'One of the ten codes you saved when you set up two-factor. Each works once.' : 'The 6-digit code your authenticator app shows for Quire.'}
        error={verify.error ? errorMessage(verify.error) : null}
      >
        {(p) =>
          recovery ? (
            <Input {...p} name="code" autoFocus autoComplete="off" spellCheck={false} placeholder="xxxxx-xxxxx" className="font-mono" />
          ) : (
            <Input {...p} name="code" autoFocus inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} placeholder="123456" className="font-mono tracking-widest" />
          )
        }
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending || navigating} disabled={!hydrated}>
        Verify
      </Button>
        </>
      )}
      {hasPasskey && (
        <>
          <Button variant="secondary" size="lg" className="w-full" onClick={() => passkey.mutate()} loading={passkey.isPending} disabled={!hydrated}>
            <KeyRound className="h-4 w-4" aria-hidden /> Use a passkey
          </Button>
          {passkey.error && (
            <p role="alert" className="text-sm text-red-600">
              {passkeyError(passkey.error) ?? errorMessage(passkey.error)}
            </p>
          )}
        </>
      )}
      {hasTotp && (
        <button
          type="button"
          className="block w-full text-center text-sm text-zinc-600 hover:text-zinc-900"
          onClick={() => {
            verify.reset();
            setRecovery((r) => !r);
          }}
        >
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code'}
        </button>
      )}
      <SignOutButton className="block w-full text-center text-xs text-zinc-500 hover:text-zinc-800">Sign out</SignOutButton>
    </form>
  );
}

export function TwoFactorStep(props: { hasTotp: boolean; hasPasskey: boolean; next: string }) {
  return (
    <TRPCReactProvider>
      <Step {...props} />
    </TRPCReactProvider>
  );
}
