import { cn } from '@/lib/cn';

export function ProgressBar({ value, label, tone = 'brand', className }: { value: number; label: string; tone?: 'brand' | 'green' | 'red'; className?: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-zinc-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-200',
          tone === 'green' ? 'bg-emerald-500' : tone === 'red' ? 'bg-red-500' : 'bg-brand-600',
        )}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
