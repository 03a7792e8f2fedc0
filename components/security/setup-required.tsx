'use client';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { TRPCReactProvider } from '@/lib/trpc/react';
import { TotpSetup } from './totp-setup';

export function TwoFactorSetupRequired() {
  return (
    <TRPCReactProvider>
      <TotpSetup onDone={() => window.location.assign('/documents')} doneLabel="Continue to your team" stacked />
      <SignOutButton className="mt-6 block w-full text-center text-xs text-zinc-500 hover:text-zinc-800">Sign out</SignOutButton>
    </TRPCReactProvider>
  );
}
