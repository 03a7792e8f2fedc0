'use client';
import { signOut } from 'next-auth/react';
import type { ReactNode } from 'react';

export function SignOutButton({ callbackUrl = '/signin', className, children }: { callbackUrl?: string; className?: string; children: ReactNode }) {
  return (
    <button type="button" className={className} onClick={() => signOut({ callbackUrl })}>
      {children}
    </button>
  );
}
