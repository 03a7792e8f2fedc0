// What an update changed: one line per field, before → after. On a phone the two values stack.
import { ArrowRight } from 'lucide-react';
import { fieldLabel, isWithheld, showValue } from './event-format';

function Value({ v }: { v: unknown }) {
  const shown = showValue(v);
  if (shown.kind === 'none') return <span className="text-zinc-400" aria-label="none">—</span>;
  if (shown.kind === 'json')
    return <pre className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-zinc-800 ring-1 ring-zinc-200">{shown.text}</pre>;
  return <span className="break-words whitespace-pre-wrap text-zinc-900">{shown.text}</span>;
}

export function ChangesTable({ changes }: { changes: Record<string, [unknown, unknown]> }) {
  const fields = Object.keys(changes);
  return (
    <table className="w-full max-w-3xl table-fixed text-sm" aria-label="Changes">
      <thead className="sr-only sm:not-sr-only">
        <tr className="text-left text-xs text-zinc-500">
          <th scope="col" className="w-40 pb-1.5 font-medium">Field</th>
          <th scope="col" className="pb-1.5 font-medium">Before</th>
          <th scope="col" className="w-6 pb-1.5"><span className="sr-only">to</span></th>
          <th scope="col" className="pb-1.5 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100">
        {fields.map((f) => {
          const pair = changes[f]!;
          return (
            <tr key={f} data-testid="change-row" className="flex flex-col gap-1 py-2 sm:table-row sm:py-0">
              <th scope="row" className="text-left align-top font-medium text-zinc-700 sm:py-2 sm:pr-3">
                {fieldLabel(f)} <code className="font-mono text-xs font-normal text-zinc-400">{f}</code>
              </th>
              {isWithheld(pair) ? (
                <td colSpan={3} className="align-top text-zinc-500 italic sm:py-2">Changed (the value is secret and not recorded)</td>
              ) : (
                <>
                  <td className="min-w-0 align-top sm:py-2 sm:pr-2">
                    <span className="mr-1 text-xs text-zinc-400 sm:hidden">Before:</span>
                    <Value v={pair[0]} />
                  </td>
                  <td className="hidden align-top text-zinc-400 sm:table-cell sm:py-2.5" aria-hidden>
                    <ArrowRight className="h-4 w-4" />
                  </td>
                  <td className="min-w-0 align-top sm:py-2">
                    <span className="mr-1 text-xs text-zinc-400 sm:hidden">After:</span>
                    <Value v={pair[1]} />
                  </td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
