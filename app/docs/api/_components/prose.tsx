// A very small Markdown subset for descriptions from the OpenAPI document: paragraphs, "- " list
// items, `code` and **bold**. Everything is rendered as text nodes (no HTML injection).
import type { ReactNode } from 'react';

function inline(text: string, key = ''): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<Code key={`${key}c${m.index}`}>{m[1]}</Code>);
    else out.push(<strong key={`${key}b${m.index}`} className="font-semibold text-zinc-900">{m[2]}</strong>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800">{children}</code>;
}

export function Inline({ text }: { text: string }) {
  return <>{inline(text)}</>;
}

export function Prose({ text, className = '' }: { text?: string; className?: string }) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/);
  return (
    <div className={`space-y-2 text-sm leading-6 text-zinc-700 ${className}`}>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.trim().startsWith('- '))) {
          return (
            <ul key={i} className="list-disc space-y-1 pl-5">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.trim().slice(2), `${i}-${j}`)}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{inline(lines.join(' '), String(i))}</p>;
      })}
    </div>
  );
}

export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950">
      {label ? <div className="border-b border-zinc-800 px-3 py-1.5 text-xs font-medium text-zinc-400">{label}</div> : null}
      <pre className="overflow-x-auto p-3 font-mono text-xs leading-5 text-zinc-100">
        <code>{children}</code>
      </pre>
    </div>
  );
}
