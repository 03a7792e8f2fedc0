// A schema or a parameter list as a table of fields: name, type, required, constraints.
import type { OpenAPIObject } from 'trpc-to-openapi';
import { constraints, fieldRows, type Obj, resolve, typeLabel, type FieldRow } from './openapi';
import { Code, Inline } from './prose';

function Rows({ rows }: { rows: (FieldRow & { where?: string })[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            <th className="px-3 py-2 font-medium">Field</th>
            <th className="px-3 py-2 font-medium">Type</th>
            <th className="px-3 py-2 font-medium">Details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.map((r) => (
            <tr key={`${r.where ?? ''}${r.name}`} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap" style={{ paddingLeft: `${0.75 + r.depth * 1.25}rem` }}>
                <span className="font-mono text-[0.8rem] font-medium text-zinc-900">{r.name.split(/(?<=\.)/).pop()}</span>
                {r.required ? (
                  <span className="ml-2 rounded bg-rose-50 px-1.5 py-0.5 text-[0.65rem] font-semibold uppercase tracking-wide text-rose-700">
                    required
                  </span>
                ) : null}
                {r.where ? <div className="mt-0.5 text-xs text-zinc-400">in {r.where}</div> : null}
              </td>
              <td className="px-3 py-2 font-mono text-xs text-zinc-600">{r.type}</td>
              <td className="px-3 py-2 text-zinc-600">
                {r.description ? (
                  <div className="mb-1">
                    <Inline text={r.description} />
                  </div>
                ) : null}
                {r.constraints.length ? (
                  <div className="text-xs text-zinc-500">
                    <Inline text={r.constraints.join('; ')} />
                  </div>
                ) : null}
                {!r.description && !r.constraints.length ? <span className="text-zinc-300">—</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SchemaTable({ doc, schema }: { doc: OpenAPIObject; schema: Obj | undefined }) {
  const s = resolve(doc, schema);
  if (!s) return null;
  const rows = fieldRows(doc, s);
  if (rows.length === 0) {
    const t = typeLabel(doc, s);
    return (
      <p className="text-sm text-zinc-600">
        {s.type === 'object' ? 'An empty JSON object ' : <>A value of type <Code>{t}</Code> </>}
        {s.type === 'object' ? <Code>{'{}'}</Code> : null}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <Rows rows={rows} />
      {s.additionalProperties === false ? (
        <p className="text-xs text-zinc-500">Unknown keys are refused with 422 <Code>unprocessable_entity</Code>.</p>
      ) : null}
    </div>
  );
}

export function ParameterTable({ doc, parameters }: { doc: OpenAPIObject; parameters: Obj[] }) {
  const rows = parameters.map((p0) => {
    const p = resolve(doc, p0) ?? {};
    return {
      name: p.name as string,
      where: p.in as string,
      depth: 0,
      type: typeLabel(doc, p.schema),
      required: !!p.required,
      nullable: false,
      description: p.description as string | undefined,
      constraints: constraints(doc, p.schema),
    };
  });
  return <Rows rows={rows} />;
}
