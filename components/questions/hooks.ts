'use client';
// The dashboard's reads of room Q&A: a room's questions (unanswered first) and the open counts
// the room's tab and the navigation show.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allPages } from '@/components/datarooms/hooks';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import type { RouterOutputs } from '@/lib/trpc/types';

export type Question = RouterOutputs['questions']['get'];

const RANK = { open: 0, answered: 1, closed: 2 } as const;

/** Unanswered first, then answered, then closed; newest first within each. */
export const byUrgency = (a: Question, b: Question) => RANK[a.status] - RANK[b.status] || (a.created < b.created ? 1 : a.created > b.created ? -1 : 0);

export function useRoomQuestions(roomId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.questions.list.queryKey({ id: roomId }), 'all'],
    queryFn: async () => (await allPages((cursor) => client.questions.list.query({ id: roomId, limit: 100, cursor }))).sort(byUrgency),
  });
}

export function useOpenQuestionCounts(): Record<string, number> {
  const trpc = useTRPC();
  return useQuery({ ...trpc.questions.openCounts.queryOptions(), refetchInterval: 60_000 }).data ?? {};
}

/** After a change: the room's list and every count. */
export function useRefreshQuestions() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries(trpc.questions.list.pathFilter()), qc.invalidateQueries(trpc.questions.openCounts.pathFilter())]);
}
