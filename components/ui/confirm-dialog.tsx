'use client';
import * as A from '@radix-ui/react-alert-dialog';
import './style-nonce';
import type { ReactNode } from 'react';
import { Button, buttonClass } from './button';

/** A destructive confirmation. Stays open while `pending`; the caller closes it on success. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null;
}) {
  return (
    <A.Root open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-40 bg-zinc-950/40" />
        <A.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl ring-1 ring-zinc-200 focus:outline-none sm:p-6">
          <A.Title className="text-base font-semibold text-zinc-900">{title}</A.Title>
          <A.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-zinc-600">{children}</div>
          </A.Description>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonClass('secondary')} disabled={pending}>
              Cancel
            </A.Cancel>
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
