import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; conflicting Tailwind classes are merged so the later
 * one wins (`cn('max-w-md', 'max-w-2xl')` is `max-w-2xl`), as a component's `className` should.
 */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return twMerge(parts.filter(Boolean).join(' '));
}
