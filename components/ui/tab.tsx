import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** An underlined tab of a `role="tablist"` row (the room's sections, the viewer's Q&A panel). */
export const Tab = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { selected: boolean }>(function Tab({ selected, className, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      aria-selected={selected}
      className={cn(
        '-mb-px border-b-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-zinc-500 hover:text-zinc-800',
        className,
      )}
      {...rest}
    />
  );
});
