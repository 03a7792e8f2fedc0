'use client';
// The dashboard's tRPC client: TanStack Query over httpBatchLink to /api/trpc. The team the
// page was rendered for travels in a header, so a tab keeps acting on the team it shows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { TEAM_HEADER } from '@/lib/shared/dashboard-team';
import type { AppRouter } from '@/server/routers';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 2 && !isClientError(err),
      },
    },
  });
}

function isClientError(err: unknown): boolean {
  const status = (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const TabTeam = createContext<string | null>(null);

/** The team this tab shows (for plain links that must act on it: see lib/shared/dashboard-team.ts). */
export const useTabTeamId = () => useContext(TabTeam);

export function TRPCReactProvider({ teamId, children }: { teamId?: string | null; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: '/api/trpc',
          headers: () => (teamId ? { [TEAM_HEADER]: teamId } : {}),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TabTeam.Provider value={teamId ?? null}>{children}</TabTeam.Provider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
