'use client';
// "Download archive" on a room's settings: starts a room archive (built in the background),
// shows its progress while it runs, and offers the zip (and its SHA-256) once it is ready.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, CircleAlert, Download } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { RelativeTime } from '@/components/ui/time';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { Room } from './hooks';

const megabytes = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0)} MB`);

export function RoomArchive({ room }: { room: Room }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const latest = useQuery({
    ...trpc.datarooms.exports.latest.queryOptions({ id: room.id }),
    // Poll while an archive is being built; stop once it has finished.
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 1000 : false),
  });
  const start = useMutation(
    trpc.datarooms.exports.create.mutationOptions({
      onSuccess: (e) => queryClient.setQueryData(trpc.datarooms.exports.latest.queryKey({ id: room.id }), e),
    }),
  );
  const current = latest.data ?? null;
  const busy = current?.status === 'queued' || current?.status === 'running';

  return (
    <Card>
      <CardHeader
        title="Room archive"
        description="One zip for the close of the deal: every document under its folder, an index in the room’s order, the room’s audit log, Q&A, and a SHA-256 manifest anyone can check."
        action={
          <Button variant="secondary" loading={start.isPending} disabled={busy || latest.isLoading} onClick={() => start.mutate({ id: room.id })} data-testid="archive-start">
            <Archive className="h-4 w-4" aria-hidden />
            {current?.status === 'succeeded' ? 'Make a new archive' : 'Download archive'}
          </Button>
        }
      />
      <div className="px-5 py-4 text-sm" aria-live="polite" data-testid="archive-status">
        {start.error ? (
          <p className="flex items-center gap-2 text-red-600">
            <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
            {errorMessage(start.error)}
          </p>
        ) : latest.isError ? (
          <p className="text-red-600">The archive’s status could not be loaded. {errorMessage(latest.error)}</p>
        ) : !current ? (
          <p className="text-zinc-500">No archive yet. Building one takes a moment; you can leave this page meanwhile.</p>
        ) : busy ? (
          <div className="space-y-2">
            <p className="text-zinc-700">{current.status === 'queued' ? 'Waiting to start…' : `Writing the archive… ${current.progress}%`}</p>
            <ProgressBar value={current.status === 'queued' ? 0 : current.progress} label="Archive progress" />
          </div>
        ) : current.status === 'failed' ? (
          <p className="flex items-center gap-2 text-red-600">
            <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
            {current.error ?? 'The archive could not be built.'} Start it again to retry.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <a href={current.download_url ?? '#'} className={buttonClass('primary')} data-testid="archive-download" download>
              <Download className="h-4 w-4" aria-hidden />
              Download zip ({megabytes(current.size ?? 0)})
            </a>
            <span className="text-zinc-500">
              Made <RelativeTime iso={current.completed_at ?? current.created} />; the link works for an hour.
            </span>
            <code className="basis-full truncate text-xs text-zinc-400" title="SHA-256 of the zip">
              SHA-256 {current.sha256}
            </code>
          </div>
        )}
      </div>
    </Card>
  );
}
