'use client';
// The name of a link's agreement (NDA), for the places that list a link's protections.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc/react';

/** undefined while loading; null without an agreement; "Unknown agreement" when it is gone. */
export function useAgreementName(agreementId: string | null | undefined): string | null | undefined {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.agreements.list.queryOptions({}), enabled: !!agreementId, staleTime: 60_000 });
  if (!agreementId) return null;
  if (!list.data) return undefined;
  return list.data.data.find((a) => a.id === agreementId)?.name ?? 'Unknown agreement';
}
