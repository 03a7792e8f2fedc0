// One operation of the reference: method and path, summary, scope, parameters, request body,
// responses and a curl example.
import type { OpenAPIObject } from 'trpc-to-openapi';
import { ParameterTable, SchemaTable } from './field-table';
import { anchorOf, CODES_BY_STATUS, curlFor, jsonBody, methodClass, type Method, type Obj, type Operation, resolve, typeLabel } from './openapi';
import { Code, CodeBlock, Prose } from './prose';

export function MethodBadge({ method, small = false }: { method: Method; small?: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded font-mono font-semibold uppercase ring-1 ring-inset ${methodClass[method]} ${
        small ? 'w-12 px-1 py-0.5 text-[0.6rem]' : 'px-2 py-0.5 text-xs'
      }`}
    >
      {method}
    </span>
  );
}

function statusClass(status: string) {
  if (status.startsWith('2')) return 'bg-emerald-50 text-emerald-700 ring-emerald-600/20';
  if (status.startsWith('4')) return 'bg-amber-50 text-amber-800 ring-amber-600/20';
  return 'bg-rose-50 text-rose-700 ring-rose-600/20';
}

function Heading({ children }: { children: string }) {
  return <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">{children}</h4>;
}

function Responses({ doc, responses }: { doc: OpenAPIObject; responses: Obj }) {
  const entries = Object.entries(responses);
  // Shared error responses ($refs to components.responses) are listed compactly, linked to the
  // errors page; responses particular to this operation are shown in full.
  const shared = entries.filter(([status, r]) => !status.startsWith('2') && typeof (r as Obj).$ref === 'string');
  const full = entries.filter((e) => !shared.includes(e));
  const sharedHeaders = new Set(shared.flatMap(([, r]) => Object.keys(resolve(doc, r as Obj)?.headers ?? {})));
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
        {full.map(([status, r0]) => {
          const r = resolve(doc, r0 as Obj) ?? {};
          const media = r.content?.['application/json'];
          const otherMedia = r.content && !media ? Object.keys(r.content) : [];
          const success = status.startsWith('2');
          const codes: string[] = success ? [] : media?.examples ? Object.keys(media.examples) : (CODES_BY_STATUS[status] ?? []);
          const headers = Object.keys(r.headers ?? {});
          return (
            <li key={status} className="p-3">
              <div className="flex flex-wrap items-start gap-3">
                <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${statusClass(status)}`}>{status}</span>
                <div className="min-w-0 flex-1 space-y-1">
                  <Prose text={r.description} />
                  {codes.length ? <CodeLinks codes={codes} /> : null}
                  {headers.length ? <p className="text-xs text-zinc-400">Headers: {headers.join(', ')}</p> : null}
                  {otherMedia.length ? <p className="text-xs text-zinc-500">Content: {otherMedia.join(', ')}</p> : null}
                </div>
              </div>
              {success && media?.schema ? (
                <details className="mt-3">
                  <summary className="cursor-pointer select-none text-xs font-medium text-zinc-600 hover:text-zinc-900">
                    Response body <span className="font-mono text-zinc-400">{typeLabel(doc, media.schema)}</span>
                  </summary>
                  <div className="mt-2">
                    <SchemaTable doc={doc} schema={media.schema} />
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
      {shared.length ? (
        <div className="rounded-lg border border-zinc-200 bg-white p-3">
          <p className="mb-2 text-xs text-zinc-500">
            Errors, in the <a className="text-brand-700 hover:underline" href="/docs/api/errors">error envelope</a>:
          </p>
          <ul className="flex flex-wrap gap-2">
            {shared.map(([status, r0]) => {
              const r = resolve(doc, r0 as Obj) ?? {};
              const media = r.content?.['application/json'];
              const codes: string[] = media?.examples ? Object.keys(media.examples) : (CODES_BY_STATUS[status] ?? []);
              return (
                <li key={status} className="inline-flex items-center gap-1.5 rounded-md bg-zinc-50 px-2 py-1 ring-1 ring-inset ring-zinc-200">
                  <span className={`rounded px-1.5 font-mono text-[0.7rem] font-semibold ring-1 ring-inset ${statusClass(status)}`}>{status}</span>
                  <CodeLinks codes={codes} />
                </li>
              );
            })}
          </ul>
          {sharedHeaders.size ? (
            <p className="mt-2 text-xs text-zinc-400">
              Every response carries {[...sharedHeaders].filter((h) => h.startsWith('X-RateLimit')).join(', ')}
              {sharedHeaders.has('Retry-After') ? '; 429 adds Retry-After' : ''}
              {sharedHeaders.has('WWW-Authenticate') ? '; 401 adds WWW-Authenticate' : ''}.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function CodeLinks({ codes }: { codes: string[] }) {
  return (
    <span className="text-xs text-zinc-500">
      {codes.map((c, i) => (
        <span key={c}>
          {i > 0 ? ', ' : ''}
          <a className="font-mono text-brand-700 hover:underline" href={`/docs/api/errors#${c}`}>
            {c}
          </a>
        </span>
      ))}
    </span>
  );
}

export function OperationSection({ doc, o }: { doc: OpenAPIObject; o: Operation }) {
  const { op } = o;
  const scope: string | undefined = op['x-required-scope'];
  const params: Obj[] = op.parameters ?? [];
  const body = jsonBody(doc, op);
  const rawBody = !body && op.requestBody ? resolve(doc, op.requestBody as Obj) : null;
  const fullPath = `${(doc.servers?.[0]?.url ?? '').replace(/\/$/, '')}${o.path}`;
  return (
    <section id={anchorOf(o)} className="scroll-mt-6 border-t border-zinc-200 py-10 first:border-t-0">
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="min-w-0 space-y-6">
          <header className="space-y-3">
            <h3 className="text-lg font-semibold text-zinc-900">{op.summary ?? `${o.method.toUpperCase()} ${o.path}`}</h3>
            <div className="flex flex-wrap items-center gap-2">
              <MethodBadge method={o.method} />
              <code className="break-all font-mono text-sm text-zinc-800">{fullPath}</code>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-xs">
              {scope ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 font-medium text-brand-700 ring-1 ring-inset ring-brand-200">
                  Scope <span className="font-mono">{scope}</span>
                </span>
              ) : (
                <span className="inline-flex items-center rounded-full bg-zinc-100 px-2.5 py-1 font-medium text-zinc-600">
                  No bearer token: authorised by the signed URL
                </span>
              )}
            </div>
            <Prose text={op.description} />
          </header>

          {params.length ? (
            <div>
              <Heading>Parameters</Heading>
              <ParameterTable doc={doc} parameters={params} />
            </div>
          ) : null}

          {body ? (
            <div>
              <Heading>Request body (application/json)</Heading>
              <SchemaTable doc={doc} schema={body.schema} />
            </div>
          ) : null}

          {rawBody ? (
            <div>
              <Heading>Request body (raw bytes)</Heading>
              <Prose text={rawBody.description} />
              <p className="mt-2 text-xs leading-5 text-zinc-500">
                Content types:{' '}
                {Object.keys(rawBody.content ?? {}).map((t, i) => (
                  <span key={t}>
                    {i > 0 ? ', ' : ''}
                    <Code>{t}</Code>
                  </span>
                ))}
              </p>
            </div>
          ) : null}

          <div>
            <Heading>Responses</Heading>
            <Responses doc={doc} responses={op.responses ?? {}} />
          </div>
        </div>

        <div className="min-w-0 space-y-4 xl:sticky xl:top-6 xl:self-start">
          <CodeBlock label="Example request">{curlFor(doc, o)}</CodeBlock>
        </div>
      </div>
    </section>
  );
}
