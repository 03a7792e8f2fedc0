'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { ScopePicker, type Access } from './scope-picker';

export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('apis.all');
  const [scopes, setScopes] = useState<Set<string>>(new Set(['documents.read']));
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.tokens.list.queryFilter()),
    }),
  );
  const created = create.data;

  function reset() {
    setName('');
    setAccess('apis.all');
    setScopes(new Set(['documents.read']));
    create.reset();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name, scopes: access === 'custom' ? [...scopes] : [access] });
  }

  const change = (o: boolean) => {
    onOpenChange(o);
    if (!o) reset();
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      {created ? (
        <DialogContent
          title="Your new API token"
          className="max-w-lg"
          // The token is shown once: leaving must be a deliberate click on Done.
          dismissible={false}
        >
          <div className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="alert">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
            <p>
              <strong className="font-semibold">Copy this token now.</strong> For your security it is shown only once; afterwards you
              will see only its last four characters. Store it in a secret manager, never in code.
            </p>
          </div>
          <div className="mt-4">
            <p className="mb-1.5 text-sm font-medium text-zinc-800">{created.name}</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                data-testid="new-token"
                className="block min-w-0 flex-1 rounded-lg bg-zinc-900 px-3 py-2.5 font-mono text-[13px] break-all text-zinc-100 select-all"
              >
                {created.token}
              </code>
              <CopyButton value={created.token} />
            </div>
          </div>
          <p className="mt-4 text-sm text-zinc-600">
            Use it in the <code className="rounded bg-zinc-100 px-1 font-mono text-xs">Authorization: Bearer …</code> header of
            requests to <code className="rounded bg-zinc-100 px-1 font-mono text-xs">/v1</code>.
          </p>
          <DialogFooter>
            <Button onClick={() => change(false)}>Done, I have copied it</Button>
          </DialogFooter>
        </DialogContent>
      ) : (
        <DialogContent title="Create an API token" description="Tokens act on behalf of this team. Scopes cannot be changed later." className="max-w-lg">
          <form onSubmit={submit} className="space-y-5" noValidate>
            <Field label="Name" hint="Where it will be used, e.g. “CI pipeline” or “CRM sync”." error={fieldError(create.error, 'name')}>
              {(p) => <Input {...p} autoFocus maxLength={64} value={name} onChange={(e) => setName(e.target.value)} placeholder="CI pipeline" />}
            </Field>
            <ScopePicker access={access} onAccess={setAccess} scopes={scopes} onScopes={setScopes} />
            {create.error && !fieldError(create.error, 'name') && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage(create.error)}
              </p>
            )}
            <DialogFooter>
              <Button variant="secondary" onClick={() => change(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim() || (access === 'custom' && scopes.size === 0)}>
                {!create.isPending && <KeyRound className="h-4 w-4" aria-hidden />}
                Create token
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
