'use client';
// Arrow keys move the focus through a list of links (a room's search results): Down and Up go to
// the next and previous `a[data-nav]` inside, Home and End to the first and last.
import type { ReactNode } from 'react';

export function ArrowNav({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-nav]')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0 || !links.length) return;
    e.preventDefault();
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? links.length - 1 : Math.min(links.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
    links[to]?.focus();
  };
  return (
    <div className={className} data-testid={testId} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
