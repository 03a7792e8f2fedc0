'use client';
import * as D from '@radix-ui/react-dialog';
import './style-nonce';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = D.Root;

export function DialogContent({
  title,
  description,
  children,
  className,
  dismissible = true,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** false: only an explicit button closes it (no outside click, no Escape). */
  dismissible?: boolean;
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[1px]" />
      <D.Content
        onInteractOutside={dismissible ? undefined : (e) => e.preventDefault()}
        onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl ring-1 ring-zinc-200 focus:outline-none sm:p-6',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 pr-8">
          <D.Title className="text-base font-semibold text-zinc-900">{title}</D.Title>
          {description && <D.Description className="mt-1 text-sm text-zinc-600">{description}</D.Description>}
        </div>
        {children}
        {dismissible && (
        <D.Close
          className="absolute top-4 right-4 rounded-md p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-600"
          aria-label="Close"
        >
          <X className="h-4 w-4" />
        </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
