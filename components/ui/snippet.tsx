import { snippetParts } from '@/lib/shared/snippet-parts';

/** A search hit's snippet with its matched words in <mark> (the dashboard's and the viewer's). */
export function Snippet({ text, highlights, className }: { text: string; highlights: readonly (readonly [number, number])[]; className?: string }) {
  return (
    <span className={className} data-testid="hit-snippet">
      {snippetParts(text, highlights).map((p, i) =>
        p.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 font-medium text-zinc-900 ring-1 ring-amber-200/70">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
