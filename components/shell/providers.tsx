'use client';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { TRPCReactProvider } from '@/lib/trpc/react';
import { IdentityProvider, type DashboardIdentity } from './team-context';

export function DashboardProviders({ identity, children }: { identity: DashboardIdentity; children: ReactNode }) {
  return (
    <IdentityProvider value={identity}>
      <TRPCReactProvider teamId={identity.team.id}>
        <ToastProvider>{children}</ToastProvider>
      </TRPCReactProvider>
    </IdentityProvider>
  );
}
