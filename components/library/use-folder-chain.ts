'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPCClient } from '@/lib/trpc/react';
import type { FolderItem } from '@/lib/trpc/types';

export const FOLDER_CHAIN_KEY = ['quire', 'folder-chain'] as const;

/** A folder and its ancestors, top level first (for breadcrumbs and unfolding the tree). */
export function useFolderChain(folderId: string | null) {
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...FOLDER_CHAIN_KEY, folderId],
    enabled: !!folderId,
    queryFn: async () => {
      const chain: FolderItem[] = [];
      let id: string | null = folderId;
      while (id && chain.length < 64) {
        const f: FolderItem = await client.folders.get.query({ id });
        chain.unshift(f);
        id = f.parent_id;
      }
      return chain;
    },
  });
}
