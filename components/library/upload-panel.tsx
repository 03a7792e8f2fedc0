'use client';
import { Ban, CircleCheck, CircleX, X } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from './use-upload-queue';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  queued: 'Waiting…',
  uploading: 'Uploading…',
  processing: 'Processing…',
  done: 'Uploaded',
  error: 'Failed',
  cancelled: 'Cancelled',
};

export function UploadPanel({
  items,
  onCancel,
  onDismiss,
  onClear,
}: {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  onClear: () => void;
}) {
  if (!items.length) return null;
  const active = items.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing').length;
  return (
    <section aria-label="Uploads" className="mb-4 rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <div className="flex items-center justify-between border-b border-zinc-100 px-4 py-2.5">
        <h2 className="text-sm font-medium text-zinc-900">
          {active ? `Uploading ${active} ${active === 1 ? 'file' : 'files'}` : 'Uploads finished'}
        </h2>
        {active < items.length && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear finished
          </Button>
        )}
      </div>
      <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto">
        {items.map((i) => {
          const running = i.status === 'queued' || i.status === 'uploading' || i.status === 'processing';
          return (
            <li key={i.key} className="px-4 py-2.5" data-testid="upload-item">
              <div className="flex items-center gap-3">
                {i.status === 'done' ? (
                  <CircleCheck className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                ) : i.status === 'error' ? (
                  <CircleX className="h-4 w-4 shrink-0 text-red-600" aria-hidden />
                ) : i.status === 'cancelled' ? (
                  <Ban className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
                ) : (
                  <Spinner className="h-4 w-4 shrink-0 text-brand-600" />
                )}
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="truncate text-sm font-medium text-zinc-800">
                      {i.status === 'done' && i.documentId ? (
                        <Link href={`/documents/${i.documentId}`} className="hover:underline">
                          {i.name}
                        </Link>
                      ) : (
                        i.name
                      )}
                    </p>
                    <p className="shrink-0 text-xs text-zinc-500 tabular-nums">
                      {i.status === 'uploading' ? `${Math.round(i.progress)}% of ${formatBytes(i.size)}` : `${STATUS_TEXT[i.status]} · ${formatBytes(i.size)}`}
                    </p>
                  </div>
                  {i.status === 'error' ? (
                    <p role="alert" className="mt-0.5 text-sm text-red-600">
                      {i.error}
                    </p>
                  ) : i.status !== 'cancelled' ? (
                    <ProgressBar
                      className="mt-1.5"
                      label={`Upload of ${i.name}`}
                      value={i.status === 'queued' ? 0 : i.progress}
                      tone={i.status === 'done' ? 'green' : 'brand'}
                    />
                  ) : null}
                </div>
                <button
                  type="button"
                  className="rounded p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-600"
                  onClick={() => (running ? onCancel(i.key) : onDismiss(i.key))}
                  aria-label={running ? `Cancel upload of ${i.name}` : `Dismiss ${i.name}`}
                >
                  <X className="h-4 w-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
