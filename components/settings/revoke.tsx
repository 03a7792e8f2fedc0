'use client';
// The revoke action of a credential row (API tokens, connected apps) and its confirmation.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RelativeTime } from '@/components/ui/time';
import { errorMessage } from '@/lib/trpc/errors';

export function RevokeButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={onClick} aria-label={`Revoke ${name}`}>
      Revoke
    </Button>
  );
}

/** "Last used": a relative time, or Never. */
export const LastUsed = ({ iso }: { iso: string | null }) => (iso ? <RelativeTime iso={iso} /> : <span className="text-zinc-400">Never</span>);

export function RevokeConfirm<T>(props: {
  target: T | null;
  title: string;
  confirmLabel: string;
  mutation: { isPending: boolean; error: unknown; reset(): void };
  onClose(): void;
  onConfirm(target: T): void;
  children: ReactNode;
}) {
  const { target, mutation } = props;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(o) => {
        if (!o) {
          props.onClose();
          mutation.reset();
        }
      }}
      title={props.title}
      confirmLabel={props.confirmLabel}
      pending={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error) : null}
      onConfirm={() => target !== null && props.onConfirm(target)}
    >
      {props.children}
    </ConfirmDialog>
  );
}
