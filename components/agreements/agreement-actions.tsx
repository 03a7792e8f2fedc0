'use client';
// Delete an agreement, after a confirmation. The server refuses (409) while a live link or a
// preset uses it and says which; that sentence is shown as it is.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { AgreementItem } from './model';

export function DeleteAgreementDialog({ agreement, onClose, onDeleted }: { agreement: AgreementItem | null; onClose: () => void; onDeleted?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const del = useMutation(
    trpc.agreements.delete.mutationOptions({
      onError: (e) => notify(errorMessage(e), 'error'),
      onSuccess: () => {
        notify('Agreement deleted. Its acceptances were deleted with it.');
        onDeleted?.();
      },
      onSettled: () => queryClient.invalidateQueries(trpc.agreements.pathFilter()),
    }),
  );
  return (
    <ConfirmDialog
      open={!!agreement}
      onOpenChange={(o) => !o && onClose()}
      title={`Delete “${agreement?.name ?? ''}”?`}
      confirmLabel="Delete agreement"
      onConfirm={() => {
        if (agreement) del.mutate({ id: agreement.id });
        onClose();
      }}
    >
      <p>Its acceptances and their receipts are deleted too. Export them first if you need to keep them. An agreement a link or a preset still uses cannot be deleted.</p>
    </ConfirmDialog>
  );
}
