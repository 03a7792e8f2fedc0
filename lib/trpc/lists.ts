'use client';
// The paginated lists the dashboard shows, each under tRPC's own query key.
import type { QueryKey } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from './react';
import { useCursorPages, type CursorPage, type CursorPagesOptions } from './cursor-pages';
import type { RouterOutputs } from './types';

type Sort = 'created_desc' | 'created_asc' | 'name_asc' | 'name_desc';

const plain = (key: readonly unknown[]): QueryKey => [...key];

/** Folders directly under a folder (null = top level), or every folder (in tree order) with `all`. */
export function useFolderPages(parent: string | null | 'all', opts: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = parent === 'all' ? { limit: 100 } : { parent_id: parent ?? 'root', limit: 100 };
  return useCursorPages(plain(trpc.folders.list.infiniteQueryKey(input)), (cursor) => client.folders.list.query({ ...input, cursor }), opts);
}

export type DocumentQuery = { sort: Sort; folderId?: string; query?: string };

/** Every 2 s while something on the loaded pages is being converted (issue 22), else no polling. */
const whileConverting = (pages: CursorPage<{ preview_status: string }>[] | undefined) =>
  pages?.some((p) => p.data.some((d) => d.preview_status === 'processing')) ? 2_000 : false;

/** The library's documents; polled while one is being converted, so its status and pages arrive without a reload. */
export function useDocumentPages(q: DocumentQuery, opts: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { ...q, limit: 50 };
  return useCursorPages(plain(trpc.documents.browse.infiniteQueryKey(input)), (cursor) => client.documents.browse.query({ ...input, cursor }), {
    ...opts,
    refetchInterval: whileConverting,
  });
}

export type SearchHit = RouterOutputs['search']['data'][number];

/** Hits of the team's search (names and the words inside documents), best first. */
export function useSearchPages(q: string, opts: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { q, limit: 50 };
  return useCursorPages(plain(trpc.search.infiniteQueryKey(input)), (cursor) => client.search.query({ ...input, cursor }), opts);
}

/** A document's versions, newest first; polled while one is being converted. */
export function useVersionPages(documentId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { id: documentId, limit: 25 };
  return useCursorPages(plain(trpc.documents.versions.list.infiniteQueryKey(input)), (cursor) => client.documents.versions.list.query({ ...input, cursor }), {
    refetchInterval: whileConverting,
  });
}

/** A webhook endpoint's delivery log, newest first; `refetchInterval` keeps it fresh while something is on its way. */
export function useDeliveryPages(
  endpointId: string,
  status: 'pending' | 'succeeded' | 'failed' | undefined,
  opts: CursorPagesOptions<RouterOutputs['webhooks']['deliveries']['data'][number]> = {},
) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { id: endpointId, limit: 25, ...(status ? { status } : {}) };
  return useCursorPages(plain(trpc.webhooks.deliveries.infiniteQueryKey(input)), (cursor) => client.webhooks.deliveries.query({ ...input, cursor }), opts);
}
