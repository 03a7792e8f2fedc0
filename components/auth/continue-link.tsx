'use client';
// The verify page's "Continue": a plain link (it works before hydration and without script),
// which says it is signing in once clicked, since the next page can take a moment.
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function ContinueLink({ href }: { href: string }) {
  const [going, setGoing] = useState(false);
  return (
    <a
      href={href}
      aria-busy={going || undefined}
      onClick={(e) => {
        if (going) e.preventDefault();
        setGoing(true);
      }}
      className={buttonClass('primary', 'lg', 'mt-6 w-full')}
    >
      {going ? <Spinner className="h-4 w-4" /> : <LogIn className="h-4 w-4" aria-hidden />}
      {going ? 'Signing in…' : 'Continue'}
    </a>
  );
}
