// /docs/api/errors: one section per error code, anchored by the code. The doc_url of every
// error envelope points here (`/docs/api/errors#<code>`).
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { STATUS, type ErrorCode } from '@/server/errors';
import { Code, CodeBlock } from '../_components/prose';

export const metadata: Metadata = {
  title: 'API error codes',
  description: 'Every error code of the Quire API: HTTP status, when it happens, details and what to do.',
};

type Entry = { title: string; when: ReactNode; details: ReactNode; detailsExample: unknown; fix: ReactNode };

const ENTRIES: Record<ErrorCode, Entry> = {
  bad_request: {
    title: 'Bad request',
    when: (
      <>
        The request could not be read: the body is not valid JSON, is empty, is not a JSON object, or was not sent with{' '}
        <Code>Content-Type: application/json</Code>. Every <Code>POST</Code>, <Code>PUT</Code> and <Code>PATCH</Code> takes
        a JSON object body, except a <Code>POST</Code> whose body the reference marks optional (an action such as{' '}
        <Code>/rotate-secret</Code>): sent with no body at all, it counts as <Code>{'{}'}</Code>.
      </>
    ),
    details: <>Always <Code>null</Code>.</>,
    detailsExample: null,
    fix: <>Send a JSON object with <Code>Content-Type: application/json</Code>, and check your JSON encoder.</>,
  },
  unauthorized: {
    title: 'Unauthorized',
    when: (
      <>
        No <Code>Authorization</Code> header, a value that is not <Code>Bearer &lt;token&gt;</Code>, or a token that is
        unknown or revoked. The response has <Code>WWW-Authenticate: Bearer</Code>. Tokens in cookies or query parameters
        are ignored.
      </>
    ),
    details: <>Always <Code>null</Code>.</>,
    detailsExample: null,
    fix: (
      <>
        Send <Code>Authorization: Bearer quire_live_…</Code> with a live token. If the token was revoked, create a new one
        in the dashboard (Settings → API tokens); refresh expired OAuth access tokens.
      </>
    ),
  },
  forbidden: {
    title: 'Forbidden',
    when: (
      <>
        The token is valid but lacks the scope the operation requires (each operation names its scope in the reference),
        or a scope a filter needs (<Code>GET /v1/search</Code> with <Code>dataroom_id</Code> also needs{' '}
        <Code>datarooms.read</Code>), or the action is not allowed on the resource, such as a branding change on a frozen
        data room.
      </>
    ),
    details: (
      <>
        For a missing scope, <Code>{'{ required_scope }'}</Code>; otherwise <Code>null</Code>.
      </>
    ),
    detailsExample: { required_scope: 'documents.write' },
    fix: (
      <>
        Create a token with the required scope (scopes are fixed at creation; <Code>apis.read</Code> and{' '}
        <Code>apis.all</Code> are presets). No scope implies another: <Code>documents.write</Code> does not grant{' '}
        <Code>documents.read</Code>.
      </>
    ),
  },
  plan_restriction: {
    title: 'Plan restriction',
    when: (
      <>
        The team&apos;s plan does not include the feature: a plan-gated field or image slot, or a count limit such as the
        number of brands per team.
      </>
    ),
    details: (
      <>
        <Code>feature</Code>, <Code>fields</Code> (every blocked field), <Code>current_plan</Code>; for count limits also the
        current usage, the limit and the plans that lift it. May be <Code>null</Code>.
      </>
    ),
    detailsExample: { feature: 'brands', fields: [], current_plan: 'free' },
    fix: <>Leave out the gated fields (resetting a field to its default is always allowed), or upgrade the team&apos;s plan.</>,
  },
  not_found: {
    title: 'Not found',
    when: (
      <>
        The resource does not exist, or belongs to another team (never distinguished from not existing), or the method and
        path name no endpoint.
      </>
    ),
    details: <>Usually <Code>null</Code>.</>,
    detailsExample: null,
    fix: <>Check the id and that the token belongs to the team that owns the resource, and the method and path.</>,
  },
  conflict: {
    title: 'Conflict',
    when: (
      <>
        The request conflicts with the current state: a name already used where names are unique, an{' '}
        <Code>upload_id</Code> or upload URL already used, a folder that is not empty without <Code>cascade=true</Code>.
      </>
    ),
    details: <>Depends on the conflict (for a non-empty folder, its counts); may be <Code>null</Code>.</>,
    detailsExample: { document_count: 3, child_folder_count: 1 },
    fix: <>Read the message, change the request (another name, a new upload URL, <Code>cascade=true</Code>) and retry.</>,
  },
  payload_too_large: {
    title: 'Payload too large',
    when: (
      <>
        The request body is larger than 4.5 MB, or a file sent to an upload URL is larger than the size declared when the
        URL was created or than the upload limit.
      </>
    ),
    details: <>Always <Code>null</Code>.</>,
    detailsExample: null,
    fix: (
      <>
        Send large files through the upload flow (<Code>POST /v1/documents/upload-url</Code>, then <Code>PUT</Code> the
        bytes) instead of inside a JSON body, and declare the right <Code>size</Code>.
      </>
    ),
  },
  unprocessable_entity: {
    title: 'Unprocessable entity',
    when: (
      <>
        Validation failed: an unknown key in the body or query string (named in <Code>details.formErrors[0]</Code>), a
        missing or mistyped field, a value out of range, a non-https URL, a <Code>Content-Type</Code> that does not match
        the bytes, or fields that do not go together. A search&apos;s <Code>q</Code> is never refused for what it holds
        (quotes, operators, emoji, SQL are all searched for), only when it is missing, empty or over 500 characters.
      </>
    ),
    details: (
      <>
        Always zod&apos;s flattened error: <Code>{'{ formErrors: string[], fieldErrors: { <field>: string[] } }'}</Code>.
      </>
    ),
    detailsExample: { formErrors: [], fieldErrors: { name: ['must not be empty'] } },
    fix: <>Fix the fields named in <Code>details</Code>. Requests are strict: remove keys the endpoint does not document.</>,
  },
  rate_limit_exceeded: {
    title: 'Rate limit exceeded',
    when: (
      <>
        The token used up its budget: 60 requests a minute, or 20 a minute for analytics endpoints. The response has{' '}
        <Code>Retry-After</Code> (seconds) and the <Code>X-RateLimit-*</Code> headers.
      </>
    ),
    details: (
      <>
        <Code>{'{ limit, retry_after_seconds }'}</Code>; may be <Code>null</Code>.
      </>
    ),
    detailsExample: { limit: 60, retry_after_seconds: 12 },
    fix: (
      <>
        Wait <Code>Retry-After</Code> seconds, then retry. Pace requests with <Code>X-RateLimit-Remaining</Code> and{' '}
        <Code>X-RateLimit-Reset</Code>.
      </>
    ),
  },
  internal_server_error: {
    title: 'Internal server error',
    when: <>An unexpected failure on our side. The message is generic on purpose; nothing internal is exposed.</>,
    details: <>Always <Code>null</Code>.</>,
    detailsExample: null,
    fix: <>Retry with backoff. If it keeps happening, contact support with the time of the request and the endpoint.</>,
  },
  service_unavailable: {
    title: 'Service unavailable',
    when: <>The service cannot reach its database for a moment (a restart or a failover). The request changed nothing.</>,
    details: (
      <>
        <Code>{'{ retry_after_seconds }'}</Code>.
      </>
    ),
    detailsExample: { retry_after_seconds: 2 },
    fix: (
      <>
        Wait <Code>Retry-After</Code> seconds, then retry (the CLI does this by itself).
      </>
    ),
  },
};

const CODES = Object.keys(STATUS) as ErrorCode[];

export default function ErrorsPage() {
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 sm:px-8">
      <header className="mb-10 space-y-3">
        <p className="text-sm">
          <a href="/docs/api" className="font-medium text-brand-700 hover:underline">
            ← API reference
          </a>
        </p>
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-900">Error codes</h1>
        <p className="text-sm leading-6 text-zinc-700">
          Every error response of the Quire API has the same envelope. Programs should branch on <Code>error.code</Code>;{' '}
          <Code>doc_url</Code> links to the code&apos;s section below.
        </p>
        <CodeBlock label="Envelope">
          {JSON.stringify(
            {
              error: {
                code: '<code>',
                message: '<what went wrong, for people>',
                doc_url: 'https://<your Quire app host>/docs/api/errors#<code>',
                details: null,
              },
            },
            null,
            2,
          )}
        </CodeBlock>
        <nav aria-label="Error codes" className="flex flex-wrap gap-2 pt-2">
          {CODES.map((c) => (
            <a key={c} href={`#${c}`} className="rounded-full border border-zinc-200 bg-white px-3 py-1 font-mono text-xs text-zinc-700 hover:border-zinc-300 hover:text-zinc-900">
              {STATUS[c]} {c}
            </a>
          ))}
        </nav>
      </header>

      <div className="space-y-6">
        {CODES.map((c) => {
          const e = ENTRIES[c];
          return (
            <section key={c} id={c} className="scroll-mt-6 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
              <div className="flex flex-wrap items-baseline gap-3">
                <span className="rounded bg-zinc-900 px-2 py-0.5 font-mono text-xs font-semibold text-white">{STATUS[c]}</span>
                <h2 className="font-mono text-lg font-semibold text-zinc-900">
                  <a href={`#${c}`} className="hover:underline">
                    {c}
                  </a>
                </h2>
                <span className="text-sm text-zinc-500">{e.title}</span>
              </div>
              <dl className="mt-4 grid gap-4 text-sm leading-6 text-zinc-700 sm:grid-cols-[8rem_minmax(0,1fr)]">
                <dt className="font-medium text-zinc-900">When</dt>
                <dd>{e.when}</dd>
                <dt className="font-medium text-zinc-900">Details</dt>
                <dd className="space-y-2">
                  <div>{e.details}</div>
                  {e.detailsExample !== null ? <CodeBlock>{JSON.stringify(e.detailsExample, null, 2)}</CodeBlock> : null}
                </dd>
                <dt className="font-medium text-zinc-900">What to do</dt>
                <dd>{e.fix}</dd>
              </dl>
            </section>
          );
        })}
      </div>
    </div>
  );
}
