'use client';
// The room screens' data, each under tRPC's own query key so a mutation can refresh exactly
// what it changed (invalidate `trpc.datarooms.pathFilter()` for anything in rooms).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import type { RouterOutputs } from '@/lib/trpc/types';

export type Room = RouterOutputs['datarooms']['get'];
export type RoomFolder = RouterOutputs['datarooms']['folders']['get'];
export type RoomDocument = RouterOutputs['datarooms']['documents']['get'];
export type Group = RouterOutputs['datarooms']['groups']['get'];
export type Permission = RouterOutputs['datarooms']['groups']['permissions']['list']['data'][number];

/** Every page of a cursor list, fetched in turn (folder trees and permission views need them all). */
export async function allPages<T>(fetch: (cursor?: string) => Promise<{ data: T[]; next_cursor: string | null }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await fetch(cursor);
    out.push(...page.data);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return out;
}

export function useRoomFolders(roomId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.datarooms.folders.list.queryKey({ id: roomId }), 'all'],
    queryFn: () => allPages((cursor) => client.datarooms.folders.list.query({ id: roomId, limit: 100, cursor })),
  });
}

export function useRoomDocuments(roomId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.datarooms.documents.list.queryKey({ id: roomId }), 'all'],
    queryFn: () => allPages((cursor) => client.datarooms.documents.list.query({ id: roomId, limit: 100, cursor })),
  });
}

export function useGroups(roomId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.datarooms.groups.list.queryOptions({ id: roomId }));
}

/** Refreshes everything shown about rooms (counts live on the room, the list and the tree). */
export function useRefreshRooms() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.datarooms.pathFilter());
}
