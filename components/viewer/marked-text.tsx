// A hit's snippet (or name) with its matched words in <mark>: offsets are [start, end) UTF-16
// positions into the text, as the search route gives them.
import { cn } from '@/lib/cn';

export function MarkedText({ text, highlights, className }: { text: string; highlights: readonly (readonly [number, number])[]; className?: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [a, b] of [...highlights].sort((x, y) => x[0] - y[0])) {
    if (a < at || b <= a) continue;
    if (a > at) parts.push(text.slice(at, a));
    parts.push(
      <mark key={a} className="rounded-[3px] bg-amber-200/70 px-0.5 font-semibold text-zinc-900 [box-decoration-break:clone]">
        {text.slice(a, b)}
      </mark>,
    );
    at = b;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <span className={cn(className)}>{parts}</span>;
}
