'use client';
import * as D from '@radix-ui/react-dialog';
import '@/components/ui/style-nonce';
import { Menu as MenuIcon, X } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { Sidebar } from './sidebar';
import { useIdentity } from './team-context';

/** The dashboard frame: a fixed sidebar on wide screens, a top bar with a drawer on phones. */
export function Shell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const { team } = useIdentity();
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-zinc-200 bg-zinc-100/70 lg:block">
        <Sidebar />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur lg:hidden">
        <D.Root open={open} onOpenChange={setOpen}>
          <D.Trigger className="-ml-1 rounded-md p-1.5 text-zinc-600 hover:bg-zinc-100" aria-label="Open navigation">
            <MenuIcon className="h-5 w-5" />
          </D.Trigger>
          <D.Portal>
            <D.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 lg:hidden" />
            <D.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-zinc-100 shadow-xl focus:outline-none lg:hidden">
              <D.Title className="sr-only">Navigation</D.Title>
              <D.Description className="sr-only">Sections of the dashboard</D.Description>
              <D.Close className="absolute top-4 right-3 rounded-md p-1 text-zinc-500 hover:bg-zinc-200" aria-label="Close navigation">
                <X className="h-5 w-5" />
              </D.Close>
              <Sidebar onNavigate={() => setOpen(false)} />
            </D.Content>
          </D.Portal>
        </D.Root>
        <LogoMark className="h-6 w-6" />
        <span className="truncate text-sm font-semibold">{team.name}</span>
      </header>

      <main id="main" className="lg:pl-64">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}
