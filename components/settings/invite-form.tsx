'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

type Role = 'admin' | 'manager' | 'member';

export function InviteForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: async (inv) => {
        notify(`Invitation sent to ${inv.email}.`);
        setEmail('');
        await queryClient.invalidateQueries(trpc.invitations.list.queryFilter());
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email, role });
  };
  const emailError = fieldError(invite.error, 'email');
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start" noValidate>
      <Field label="Email" className="flex-1" error={emailError ?? (invite.error && !fieldError(invite.error, 'role') ? errorMessage(invite.error) : null)}>
        {(p) => <Input {...p} type="email" placeholder="colleague@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label="Role" className="sm:w-40">
        {(p) => (
          <Select {...p} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="member">Member</option>
            <option value="manager">Manager</option>
            <option value="admin">Admin</option>
          </Select>
        )}
      </Field>
      <Button type="submit" className="sm:mt-7" loading={invite.isPending} disabled={!email.trim()}>
        {!invite.isPending && <Send className="h-4 w-4" aria-hidden />}
        Send invitation
      </Button>
    </form>
  );
}
