'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshRooms } from './hooks';

export function CreateRoomDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const refresh = useRefreshRooms();
  const [name, setName] = useState('');
  const [internalName, setInternalName] = useState('');
  const create = useMutation(
    trpc.datarooms.create.mutationOptions({
      onSuccess: async (room) => {
        await refresh();
        onOpenChange(false);
        router.push(`/datarooms/${room.id}`);
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim(), ...(internalName.trim() ? { internal_name: internalName.trim() } : {}) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (create.isPending) return;
        if (!o) {
          setName('');
          setInternalName('');
          create.reset();
        }
        onOpenChange(o);
      }}
    >
      <DialogContent title="New data room" description="Gather library documents for a deal, a fundraise or an audit, and decide who sees what.">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Name" hint="Visitors see this name." error={fieldError(create.error, 'name') ?? (create.error && !fieldError(create.error, 'internal_name') ? errorMessage(create.error) : null)}>
            {(p) => <Input {...p} autoFocus maxLength={255} value={name} onChange={(e) => setName(e.target.value)} placeholder="Project Falcon" />}
          </Field>
          <Field label="Internal name (optional)" hint="Only your team sees this." error={fieldError(create.error, 'internal_name')}>
            {(p) => <Input {...p} maxLength={255} value={internalName} onChange={(e) => setInternalName(e.target.value)} placeholder="Falcon — Series B" />}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create room
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
