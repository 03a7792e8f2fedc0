'use client';
// Approving an access request: the link, the room and where the address will go, with the choice
// of another group of the room (or, on a general link, the link's allow list), confirmed.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';

export type Approvable = {
  id: string;
  email: string;
  link_name: string | null;
  dataroom_id: string | null;
  dataroom_name: string | null;
  link_group: { id: string; name: string } | null;
};

const ALLOW_LIST = '';

export function ApproveDialog({
  request,
  onOpenChange,
  onApprove,
  pending,
  error,
}: {
  request: Approvable | null;
  onOpenChange: (open: boolean) => void;
  onApprove: (groupId: string | null) => void;
  pending: boolean;
  error: string | null;
}) {
  const trpc = useTRPC();
  const roomId = request?.dataroom_id ?? null;
  const groups = useQuery({ ...trpc.datarooms.groups.list.queryOptions({ id: roomId ?? '' }), enabled: !!roomId });
  const [choice, setChoice] = useState<string | null>(null);
  const picked = choice ?? request?.link_group?.id ?? ALLOW_LIST;
  const pickedName = picked === ALLOW_LIST ? null : (groups.data?.data.find((g) => g.id === picked)?.name ?? request?.link_group?.name ?? null);
  const linkName = request?.link_name || 'Untitled link';
  return (
    <Dialog
      open={!!request}
      onOpenChange={(o) => {
        if (!o) setChoice(null);
        onOpenChange(o);
      }}
    >
      {request && (
        <DialogContent title={`Approve ${request.email}?`} description="Check where the address goes: it gets that group’s access to the room.">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="approve-summary">
            <dt className="text-zinc-500">Link</dt>
            <dd className="truncate text-zinc-900">{linkName}</dd>
            {request.dataroom_name && (
              <>
                <dt className="text-zinc-500">Room</dt>
                <dd className="truncate text-zinc-900">{request.dataroom_name}</dd>
              </>
            )}
          </dl>
          {roomId ? (
            <Field
              className="mt-4"
              label="Add the address to"
              hint={
                request.link_group && picked !== request.link_group.id
                  ? `Not this link’s group: they will be mailed the link of “${pickedName ?? 'that group'}” instead.`
                  : 'Members of a group see what the group may see in the room.'
              }
            >
              {(p) => (
                <Select {...p} value={picked} onChange={(e) => setChoice(e.target.value)} data-testid="approve-group">
                  {!request.link_group && <option value={ALLOW_LIST}>This link’s allow list</option>}
                  {request.link_group && !groups.data && <option value={request.link_group.id}>{request.link_group.name} (this link’s group)</option>}
                  {groups.data?.data.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                      {g.id === request.link_group?.id ? ' (this link’s group)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : (
            <p className="mt-4 text-sm text-zinc-600">The address joins this link’s allow list.</p>
          )}
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button loading={pending} onClick={() => onApprove(picked === ALLOW_LIST ? null : picked)} data-testid="approve-confirm">
              {pickedName ? `Approve into “${pickedName}”` : 'Approve into the allow list'}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
