'use client';
// The dashboard's reads of visitor uploads: a room's uploads (every page) and the pending counts
// the room's Uploads tab shows.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allPages } from '@/components/datarooms/hooks';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import type { RouterOutputs } from '@/lib/trpc/types';

export type VisitorUpload = RouterOutputs['visitorUploads']['get'];

export function useRoomUploads(roomId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.visitorUploads.list.queryKey({ id: roomId }), 'all'],
    queryFn: () => allPages((cursor) => client.visitorUploads.list.query({ id: roomId, limit: 100, cursor })),
  });
}

export function usePendingUploadCounts(): Record<string, number> {
  const trpc = useTRPC();
  return useQuery({ ...trpc.visitorUploads.pendingCounts.queryOptions(), refetchInterval: 60_000 }).data ?? {};
}

/** After a decision: the room's list, the counts, and the room's documents (an approval adds one). */
export function useRefreshUploads() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries(trpc.visitorUploads.list.pathFilter()),
      qc.invalidateQueries(trpc.visitorUploads.pendingCounts.pathFilter()),
      qc.invalidateQueries(trpc.datarooms.pathFilter()),
    ]);
}
