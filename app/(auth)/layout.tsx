import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-zinc-50 px-4 py-10 sm:justify-center sm:py-16">
      <div className="mb-8">
        <Logo />
      </div>
      <main className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8">{children}</main>
      <p className="mt-8 text-center text-xs text-zinc-500">Secure document sharing and virtual data rooms.</p>
    </div>
  );
}
