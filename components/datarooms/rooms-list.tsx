'use client';
import { useQuery } from '@tanstack/react-query';
import { FolderLock, Lock, Plus } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';
import { CreateRoomDialog } from './create-room-dialog';
import type { Room } from './hooks';

export function RoomsList() {
  const trpc = useTRPC();
  const [creating, setCreating] = useState(false);
  const rooms = useQuery(trpc.datarooms.list.queryOptions({ limit: 100 }));
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="h-4 w-4" aria-hidden />
      New data room
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Data rooms"
        description="Rooms gather library documents in a folder tree, with viewer groups that decide who may see and download what."
        actions={createButton}
      />
      <Card>
        <DataTable
          label="Data rooms"
          rows={rooms.data?.data}
          rowKey={(r) => r.id}
          rowTestId="room-row"
          pending={rooms.isPending}
          error={rooms.error}
          onRetry={() => rooms.refetch()}
          errorTitle="Data rooms could not be loaded"
          empty={
            <EmptyState icon={FolderLock} title="No data rooms yet" action={createButton}>
              Create a room for a deal, a fundraise or an audit, add documents from your library and invite viewer groups.
            </EmptyState>
          }
          columns={[
            {
              key: 'name',
              header: 'Room',
              cell: (r: Room) => (
                <Link href={`/datarooms/${r.id}`} className="group flex min-w-0 items-center gap-3 rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100" aria-hidden>
                    <FolderLock className="h-4 w-4" />
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-zinc-900 group-hover:underline">{r.name}</span>
                    {r.internal_name && <span className="block truncate text-xs text-zinc-500">{r.internal_name}</span>}
                  </span>
                </Link>
              ),
            },
            { key: 'documents', header: 'Documents', className: 'w-28 text-zinc-600 tabular-nums', cell: (r: Room) => r.document_count },
            { key: 'folders', header: 'Folders', className: 'w-24 text-zinc-600 tabular-nums', cell: (r: Room) => r.folder_count },
            {
              key: 'status',
              header: 'Status',
              className: 'w-28',
              cell: (r: Room) =>
                r.is_frozen ? (
                  <Badge tone="amber">
                    <Lock className="h-3 w-3" aria-hidden />
                    Frozen
                  </Badge>
                ) : (
                  <Badge tone="green">Open</Badge>
                ),
            },
            { key: 'created', header: 'Created', className: 'w-32 whitespace-nowrap text-zinc-600', cell: (r: Room) => <RelativeTime iso={r.created} /> },
          ]}
        />
      </Card>
      <CreateRoomDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
