'use client';
// A room's Uploads tab: files visitors sent into folders that accept uploads, by status (pending
// first). The team downloads one to look at it, then approves it (it becomes a room document in
// that folder, optionally renamed) or rejects it with a reason the visitor sees and is mailed.
import { useMutation } from '@tanstack/react-query';
import { Check, Download, FolderInput, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { useRoomFolders, type Room } from '@/components/datarooms/hooks';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { DocIcon } from '@/components/ui/doc-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { Tab } from '@/components/ui/tab';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { formatBytes } from '@/lib/format';
import { documentTypeFor } from '@/lib/shared/content-types';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshUploads, useRoomUploads, type VisitorUpload } from './hooks';

const STATUSES = [
  { id: 'pending', label: 'Pending', empty: 'No uploads are waiting for a decision.' },
  { id: 'approved', label: 'Approved', empty: 'Approved uploads become room documents and are listed here.' },
  { id: 'rejected', label: 'Rejected', empty: 'Rejected uploads are listed here with the reason given.' },
] as const;
type Status = (typeof STATUSES)[number]['id'];

export function RoomUploads({ room }: { room: Room }) {
  const uploads = useRoomUploads(room.id);
  const folders = useRoomFolders(room.id);
  const [status, setStatus] = useState<Status>('pending');
  const [deciding, setDeciding] = useState<{ upload: VisitorUpload; action: 'approve' | 'reject' } | null>(null);
  const paths = new Map((folders.data ?? []).map((f) => [f.id, f.path]));
  const accepting = (folders.data ?? []).filter((f) => f.accepts_uploads).length;

  if (uploads.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (uploads.error) return <LoadError title="The uploads could not be loaded" error={uploads.error} onRetry={() => uploads.refetch()} />;
  const all = uploads.data ?? [];
  const count = (s: Status) => all.filter((u) => u.status === s).length;
  const shown = all.filter((u) => u.status === status);

  return (
    <div className="space-y-4" data-testid="room-uploads">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Upload status" className="flex gap-1 rounded-lg bg-zinc-100 p-1">
          {STATUSES.map((s) => (
            <Tab key={s.id} selected={status === s.id} onClick={() => setStatus(s.id)} className="rounded-md px-3 py-1.5 text-sm">
              {s.label}
              <span className="ml-1.5 text-xs text-zinc-500">{count(s.id)}</span>
            </Tab>
          ))}
        </div>
        <p className="text-sm text-zinc-500">
          {accepting
            ? `${accepting} ${accepting === 1 ? 'folder accepts' : 'folders accept'} uploads from groups allowed to upload.`
            : 'No folder accepts uploads yet: turn it on for a folder in Documents, then allow a group to upload in Permissions.'}
        </p>
      </div>
      {shown.length === 0 ? (
        <Card>
          <EmptyState icon={Inbox} title={status === 'pending' ? 'Nothing to review' : `No ${status} uploads`}>
            {STATUSES.find((s) => s.id === status)!.empty}
          </EmptyState>
        </Card>
      ) : (
        <Card className="divide-y divide-zinc-100">
          {shown.map((u) => (
            <UploadRow key={u.id} u={u} folderPath={u.folder_id ? (paths.get(u.folder_id) ?? null) : null} onDecide={(action) => setDeciding({ upload: u, action })} />
          ))}
        </Card>
      )}
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}

function UploadRow({ u, folderPath, onDecide }: { u: VisitorUpload; folderPath: string | null; onDecide: (a: 'approve' | 'reject') => void }) {
  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="visitor-upload" data-status={u.status}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <DocIcon type={documentTypeFor(u.content_type)} className="mt-0.5 h-5 w-5 shrink-0" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-zinc-900" title={u.name}>
            {u.name}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-500">
            <span className="font-medium text-zinc-700">{u.uploaded_by.email}</span>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <FolderInput className="h-3 w-3" aria-hidden />
              {folderPath ?? 'A deleted folder'}
            </span>
            <span aria-hidden>·</span>
            <span>{formatBytes(u.size)}</span>
            <span aria-hidden>·</span>
            <RelativeTime iso={u.created} />
          </p>
          {u.status === 'rejected' && u.reason && <p className="mt-1.5 text-sm break-words whitespace-pre-wrap text-zinc-700">Reason: {u.reason}</p>}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {u.status === 'pending' ? (
          <>
            <a className={buttonClass('ghost', 'sm')} href={`/api/visitor-uploads/${u.id}/file`} download>
              <Download className="h-4 w-4" aria-hidden />
              Download
            </a>
            <Button variant="secondary" size="sm" onClick={() => onDecide('reject')}>
              <X className="h-4 w-4" aria-hidden />
              Reject
            </Button>
            <Button size="sm" onClick={() => onDecide('approve')}>
              <Check className="h-4 w-4" aria-hidden />
              Approve
            </Button>
          </>
        ) : (
          <Badge tone={u.status === 'approved' ? 'green' : 'neutral'}>
            {u.status === 'approved' ? 'Approved' : 'Rejected'}
            {u.decided_at && (
              <span className="font-normal">
                {' '}
                <RelativeTime iso={u.decided_at} />
              </span>
            )}
          </Badge>
        )}
      </div>
    </div>
  );
}

function DecisionDialog({ deciding, onClose }: { deciding: { upload: VisitorUpload; action: 'approve' | 'reject' } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshUploads();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const done = async (message: string) => {
    await refresh();
    notify(message);
    setName('');
    setReason('');
    onClose();
  };
  const approve = useMutation(trpc.visitorUploads.approve.mutationOptions({ onSuccess: () => done('Approved: the file is now a document of the room.') }));
  const reject = useMutation(trpc.visitorUploads.reject.mutationOptions({ onSuccess: () => done('Rejected: the visitor was told why.') }));
  const u = deciding?.upload;
  const approving = deciding?.action === 'approve';
  const error = approving ? approve.error : reject.error;

  return (
    <Dialog
      open={!!deciding}
      onOpenChange={(o) => {
        if (!o) {
          approve.reset();
          reject.reset();
          onClose();
        }
      }}
    >
      {u && (
        <DialogContent
          title={approving ? 'Approve this upload?' : 'Reject this upload?'}
          description={
            approving
              ? `“${u.name}” becomes a document of the room, in the folder it was sent to, visible to every group that may view that folder. ${u.uploaded_by.email} is told.`
              : `“${u.name}” is deleted and never shown to other visitors. ${u.uploaded_by.email} sees the reason and is mailed it.`
          }
        >
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (approving) approve.mutate({ id: u.id, ...(name.trim() && name.trim() !== u.name ? { name: name.trim() } : {}) });
              else if (reason.trim()) reject.mutate({ id: u.id, reason: reason.trim() });
            }}
          >
            {approving ? (
              <Field label="Document name">
                {(p) => <Input {...p} value={name || u.name} maxLength={255} onChange={(e) => setName(e.target.value)} />}
              </Field>
            ) : (
              <Field label="Reason (the visitor sees it)">
                {(p) => (
                <Textarea
                  {...p}
                  rows={3}
                  maxLength={2000}
                  autoFocus
                  placeholder="For example: please send the signed version."
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
                )}
              </Field>
            )}
            {error && <p className="text-sm text-red-600">{errorMessage(error)}</p>}
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              {approving ? (
                <Button type="submit" loading={approve.isPending}>
                  Approve
                </Button>
              ) : (
                <Button type="submit" variant="danger" loading={reject.isPending} disabled={!reason.trim()}>
                  Reject
                </Button>
              )}
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
