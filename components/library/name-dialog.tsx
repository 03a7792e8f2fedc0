'use client';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';

/** Asks for one name: new folder, rename folder, rename document. */
export function NameDialog({
  open,
  onOpenChange,
  title,
  label,
  initial = '',
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent title={title}>
        <form onSubmit={submit} noValidate>
          <Field label={label} error={error}>
            {(p) => (
              <Input
                {...p}
                autoFocus
                maxLength={255}
                value={name}
                onChange={(e) => setName(e.target.value)}
                onFocus={(e) => {
                  // Select the name without its extension, as file managers do.
                  const dot = e.target.value.lastIndexOf('.');
                  e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!name.trim() || name.trim() === initial}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
