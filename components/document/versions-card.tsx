'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, History, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { errorMessage } from '@/lib/trpc/errors';
import { useVersionPages } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { lengthText } from '@/components/library/document-length';

export function VersionsCard({
  doc,
  viewing,
  onView,
  action,
}: {
  doc: DocumentItem;
  viewing: string | null;
  onView: (v: VersionItem) => void;
  action: React.ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const versions = useVersionPages(doc.id);
  const promote = useMutation(
    trpc.documents.versions.update.mutationOptions({
      onSuccess: async (v) => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.documents.versions.pathFilter()),
          queryClient.invalidateQueries(trpc.documents.get.queryFilter({ id: doc.id })),
          queryClient.invalidateQueries(trpc.documents.browse.pathFilter()),
        ]);
        notify(`Version ${v.version_number} is now the primary version.`);
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const list = versions.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Card>
      <CardHeader title="Versions" description="Viewers always see the primary version." action={action} />
      {versions.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : versions.isError ? (
        <p className="flex items-center gap-2 p-5 text-sm text-zinc-600">
          <CircleAlert className="h-4 w-4 text-zinc-400" aria-hidden /> {errorMessage(versions.error)}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100" aria-label="Versions">
          {list.map((v) => (
            <li key={v.id} className={cn('flex items-center gap-3 px-5 py-3', viewing === v.id && 'bg-zinc-50')} data-testid="version-row">
              <span
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
                  v.is_primary ? 'bg-brand-600 text-white' : 'bg-zinc-100 text-zinc-600',
                )}
                aria-hidden
              >
                v{v.version_number}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
                  Version {v.version_number}
                  {v.is_primary && (
                    <Badge tone="brand">
                      <Star className="h-3 w-3" aria-hidden fill="currentColor" /> Primary
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-zinc-500">
                  <RelativeTime iso={v.created} />
                  {v.file_size != null && ` · ${formatBytes(v.file_size)}`}
                  {v.preview_status === 'processing' ? ' · converting' : v.preview_status === 'failed' ? ' · preview failed' : lengthText(v) && ` · ${lengthText(v)}`}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                {viewing !== v.id && (
                  <Button variant="ghost" size="sm" onClick={() => onView(v)} aria-label={`Preview version ${v.version_number}`}>
                    View
                  </Button>
                )}
                {!v.is_primary && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={promote.isPending && promote.variables?.versionId === v.id}
                    disabled={promote.isPending}
                    onClick={() => promote.mutate({ id: doc.id, versionId: v.id, is_primary: true })}
                    aria-label={`Make version ${v.version_number} primary`}
                  >
                    Make primary
                  </Button>
                )}
              </div>
            </li>
          ))}
          {versions.hasNextPage && (
            <li className="p-2 text-center">
              <Button variant="ghost" size="sm" loading={versions.isFetchingNextPage} onClick={() => versions.fetchNextPage()}>
                <History className="h-4 w-4" aria-hidden /> Older versions
              </Button>
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}
