import { cn } from '@/lib/cn';

/** The Quire mark: a stack of pages. Inline SVG, so nothing is fetched. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8', className)} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M10 9.5h9.5L23 13v9.5a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1v-12a1 1 0 0 1 1-1z" fill="#fff" opacity=".35" transform="translate(-2 -2)" />
      <path d="M11 10h8.5l3.5 3.5V23a1 1 0 0 1-1 1H11a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1z" fill="#fff" />
      <path d="M13 16h7M13 19h5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" className="text-brand-600" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="h-7 w-7" />
      <span className="text-lg font-semibold tracking-tight text-zinc-900">Quire</span>
    </span>
  );
}
