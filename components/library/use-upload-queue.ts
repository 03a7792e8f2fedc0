'use client';
// The library's upload queue: several files at once (three in flight), each with its own
// progress, error and cancel. Items stay listed until dismissed, so people see what happened.
import { useCallback, useRef, useState } from 'react';
import { useIdentity } from '@/components/shell/team-context';
import { useTRPCClient } from '@/lib/trpc/react';
import { uploadFile, UploadAbortedError } from '@/lib/upload/upload';

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'error' | 'cancelled';

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: UploadStatus;
  error?: string;
  documentId?: string;
};

const PARALLEL = 3;
let seq = 0;

export function useUploadQueue({ onUploaded }: { onUploaded: () => void }) {
  const client = useTRPCClient();
  const { maxUploadBytes } = useIdentity().limits;
  const [items, setItems] = useState<UploadItem[]>([]);
  const pending = useRef<{ key: string; file: File; folderId: string | null }[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(0);

  const patch = useCallback((key: string, p: Partial<UploadItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && pending.current.length) {
      const job = pending.current.shift()!;
      const ctl = new AbortController();
      controllers.current.set(job.key, ctl);
      running.current++;
      uploadFile(
        client,
        job.file,
        (upload_id) => client.documents.create.mutate({ upload_id, ...(job.folderId ? { folder_id: job.folderId } : {}) }),
        {
          progress: (f) => patch(job.key, { progress: f * 100 }),
          phase: (p) => patch(job.key, { status: p }),
          signal: ctl.signal,
          maxBytes: maxUploadBytes,
        },
      )
        .then((doc) => {
          patch(job.key, { status: 'done', progress: 100, documentId: doc.id });
          onUploaded();
        })
        .catch((e) => {
          if (e instanceof UploadAbortedError) patch(job.key, { status: 'cancelled' });
          else patch(job.key, { status: 'error', error: e instanceof Error ? e.message : 'The upload failed.' });
        })
        .finally(() => {
          controllers.current.delete(job.key);
          running.current--;
          pump();
        });
    }
  }, [client, onUploaded, patch]);

  const add = useCallback(
    (files: File[], folderId: string | null) => {
      const jobs = files.map((file) => ({ key: `u${++seq}`, file, folderId }));
      setItems((list) => [
        ...jobs.map((j) => ({ key: j.key, name: j.file.name, size: j.file.size, progress: 0, status: 'queued' as const })),
        ...list,
      ]);
      pending.current.push(...jobs);
      pump();
    },
    [pump],
  );

  const cancel = useCallback(
    (key: string) => {
      const before = pending.current.length;
      pending.current = pending.current.filter((j) => j.key !== key);
      if (pending.current.length !== before) patch(key, { status: 'cancelled' });
      controllers.current.get(key)?.abort();
    },
    [patch],
  );

  const dismiss = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key)), []);
  const clearFinished = useCallback(
    () => setItems((list) => list.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing')),
    [],
  );

  return { items, add, cancel, dismiss, clearFinished };
}
