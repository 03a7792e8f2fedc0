'use client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

/** A link or Notion document gets a new version by pointing at a new URL. */
export function LinkVersionDialog({
  open,
  onOpenChange,
  documentId,
  currentUrl,
  onDone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  documentId: string;
  currentUrl: string | null;
  onDone: (versionNumber: number) => void;
}) {
  const trpc = useTRPC();
  const [url, setUrl] = useState(currentUrl ?? '');
  const add = useMutation(trpc.documents.versions.create.mutationOptions());
  useEffect(() => {
    if (open) {
      setUrl(currentUrl ?? '');
      add.reset();
    }
  }, [open, currentUrl]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ id: documentId, external_url: url.trim() }, { onSuccess: (v) => onDone(v.version_number) });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !add.isPending && onOpenChange(o)}>
      <DialogContent title="Point to a new URL" description="The new URL becomes the primary version; the old one stays in the history.">
        <form onSubmit={submit} noValidate>
          <Field label="URL" error={add.error ? errorMessage(add.error) : null}>
            {(p) => <Input {...p} autoFocus inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!url.trim() || url.trim() === currentUrl}>
              Save new version
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
