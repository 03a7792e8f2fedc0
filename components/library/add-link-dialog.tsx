'use client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useLibraryActions } from './library-actions';

type Kind = 'link' | 'notion';

const looksLikeNotion = (url: string) => {
  try {
    const h = new URL(url).hostname;
    return h === 'notion.so' || h.endsWith('.notion.so') || h.endsWith('.notion.site');
  } catch {
    return false;
  }
};

/** Adds a web page or a Notion page to the library as a document. */
export function AddLinkDialog({ open, onOpenChange, folderId }: { open: boolean; onOpenChange: (o: boolean) => void; folderId: string | null }) {
  const trpc = useTRPC();
  const notify = useToast();
  const { refresh } = useLibraryActions();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('link');
  const [kindTouched, setKindTouched] = useState(false);
  const create = useMutation(trpc.documents.create.mutationOptions());

  useEffect(() => {
    if (!open) {
      setUrl('');
      setName('');
      setKind('link');
      setKindTouched(false);
      create.reset();
    }
  }, [open]);
  useEffect(() => {
    if (!kindTouched) setKind(looksLikeNotion(url) ? 'notion' : 'link');
  }, [url, kindTouched]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const external_url = /^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
    create.mutate(
      { type: kind, external_url, ...(name.trim() ? { name: name.trim() } : {}), ...(folderId ? { folder_id: folderId } : {}) },
      {
        onSuccess: async (doc) => {
          await refresh();
          notify(`Added “${doc.name}”.`);
          onOpenChange(false);
        },
      },
    );
  };
  const urlError = fieldError(create.error, 'external_url');
  const otherError = create.error && !urlError ? errorMessage(create.error) : null;

  return (
    <Dialog open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <DialogContent title="Add a link" description="Share a web page or a Notion page like any other document.">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field label="URL" error={urlError} hint="Must be an https address.">
            {(p) => <Input {...p} autoFocus inputMode="url" placeholder="https://www.notion.so/…" value={url} onChange={(e) => setUrl(e.target.value)} />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-zinc-800">Kind</legend>
            <div className="mt-1.5 flex gap-2">
              {(['link', 'notion'] as const).map((k) => (
                <label
                  key={k}
                  className={cn('flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1', kind === k ? 'bg-brand-50 ring-2 ring-brand-500' : 'ring-zinc-200')}
                >
                  <input
                    type="radio"
                    name="kind"
                    className="accent-brand-600"
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      setKindTouched(true);
                    }}
                  />
                  {k === 'link' ? 'Web page' : 'Notion page'}
                </label>
              ))}
            </div>
          </fieldset>
          <Field label="Name (optional)" hint="Defaults to the site’s address.">
            {(p) => <Input {...p} maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          {otherError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {otherError}
            </p>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!url.trim()}>
              Add link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
