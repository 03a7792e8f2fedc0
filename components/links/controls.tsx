'use client';
// Small form pieces the link and preset dialogs share.
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A checkbox with a title and a line of explanation; children show below when it is on. */
export function CheckRow({
  label,
  description,
  checked,
  onChange,
  disabled,
  children,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('rounded-lg px-3 py-2.5 ring-1 ring-zinc-200', checked && 'bg-zinc-50/60')}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-zinc-300 text-brand-600 focus:ring-brand-500 disabled:opacity-50"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={description ? `${id}-d` : undefined}
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={cn('block text-sm font-medium text-zinc-900', disabled && 'text-zinc-500')}>
            {label}
          </label>
          {description && (
            <p id={`${id}-d`} className="mt-0.5 text-xs text-zinc-500">
              {description}
            </p>
          )}
        </div>
      </div>
      {checked && children && <div className="mt-3 pl-7">{children}</div>}
    </div>
  );
}

export function ErrorText({ children, id }: { children?: string | null; id?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {children}
    </p>
  );
}

export function SectionTitle({ children, hint }: { children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="mb-2">
      <h3 className="text-sm font-semibold text-zinc-900">{children}</h3>
      {hint && <p className="mt-0.5 text-xs text-zinc-500">{hint}</p>}
    </div>
  );
}

/** A long dialog's buttons, kept in view at the bottom while the form scrolls. */
export function StickyFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 mt-6 flex flex-col-reverse gap-2 border-t border-zinc-100 bg-white px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6">
      {children}
    </div>
  );
}
