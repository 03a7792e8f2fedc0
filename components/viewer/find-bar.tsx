'use client';
// The find box of a document in the viewer: in the toolbar from tablet width up; on phones a
// button in the bottom bar that opens it across the top of the screen. `/`, Ctrl+F and Cmd+F
// focus it (F3 / Ctrl+G / Cmd+G go to the next match); in the box Enter goes to the next match,
// Shift+Enter to the previous one, Escape closes it. "3 of 12" counts matches across all pages.
import { ChevronDown, ChevronUp, Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { Find } from './use-find';

export type FindWords = { findLabel: string; findCount: string; findNone: string; findNext: string; findPrevious: string; findClose: string; findError: string };

export function FindBar({ find, words }: { find: Find; words: FindWords }) {
  const input = useRef<HTMLInputElement>(null);
  // Phones: whether the bar is open (wider screens always show the box).
  const [open, setOpen] = useState(!!find.query);
  const findRef = useRef(find);
  findRef.current = find;
  const countId = useId();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement || (e.target as HTMLElement | null)?.isContentEditable;
      const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
      if ((mod && !e.shiftKey && (e.key === 'f' || e.key === 'F')) || (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)) {
        e.preventDefault();
        setOpen(true);
        // After the phone's bar has been shown.
        requestAnimationFrame(() => {
          input.current?.focus();
          input.current?.select();
        });
      } else if ((e.key === 'F3' || (mod && (e.key === 'g' || e.key === 'G'))) && findRef.current.searched) {
        e.preventDefault();
        if (e.shiftKey) findRef.current.previous();
        else findRef.current.next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    find.close();
    setOpen(false);
    input.current?.blur();
  };
  const n = find.matches.length;
  const count =
    find.status === 'loading' ? (
      <Loader2 className="h-4 w-4 animate-spin text-zinc-400" aria-hidden />
    ) : find.status === 'error' ? (
      <span className="text-red-700">{words.findError}</span>
    ) : find.searched && find.searched === find.query.trim() ? (
      n ? (
        words.findCount.replace('{n}', String(find.index + 1)).replace('{total}', String(n))
      ) : (
        <span className="text-red-700">{words.findNone}</span>
      )
    ) : null;
  const iconButton = (label: string, onClick: () => void, icon: React.ReactNode, testId: string, disabled = false) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 disabled:opacity-30 sm:h-8 sm:w-8"
    >
      {icon}
    </button>
  );

  return (
    <>
      <button
        type="button"
        aria-label={words.findLabel}
        title={words.findLabel}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
        data-testid="find-open"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100 sm:hidden"
      >
        <Search className="h-5 w-5" />
      </button>
      <div
        role="search"
        data-testid="find-bar"
        className={cn(
          // Phones: across the top of the screen while open; wider: a box in the toolbar.
          'fixed inset-x-0 top-0 z-30 items-center gap-1 border-b border-zinc-200 bg-white px-2 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2 shadow-md',
          open ? 'flex' : 'hidden',
          'sm:static sm:z-auto sm:flex sm:border-0 sm:p-0 sm:shadow-none',
        )}
      >
        <div className="relative min-w-0 flex-1 sm:w-44 sm:flex-none lg:w-60">
          <Search className="pointer-events-none absolute top-3 left-2.5 h-4 w-4 text-zinc-400 sm:top-2" aria-hidden />
          <input
            ref={input}
            type="search"
            value={find.query}
            onChange={(e) => find.setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (e.shiftKey) find.previous();
                else find.next();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={words.findLabel}
            aria-label={words.findLabel}
            aria-describedby={countId}
            data-testid="find-input"
            className="h-10 w-full rounded-lg border-0 bg-zinc-50 pr-2 pl-8 text-base ring-1 ring-zinc-200 ring-inset placeholder:text-zinc-400 focus:bg-white focus:ring-2 focus:ring-[var(--viewer-brand)] focus:outline-none sm:h-8 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        <span id={countId} data-testid="find-count" aria-live="polite" className={cn('shrink-0 px-1.5 text-xs whitespace-nowrap text-zinc-600 tabular-nums', !count && 'sr-only')}>
          {count}
        </span>
        {find.query || open ? (
          <>
            {iconButton(words.findPrevious, find.previous, <ChevronUp className="h-4 w-4" />, 'find-previous', !n)}
            {iconButton(words.findNext, find.next, <ChevronDown className="h-4 w-4" />, 'find-next', !n && find.query.trim() === find.searched)}
            {iconButton(words.findClose, close, <X className="h-4 w-4" />, 'find-close')}
          </>
        ) : null}
      </div>
    </>
  );
}
