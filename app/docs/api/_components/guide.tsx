// The guide part of the reference: base URL, authentication and scopes, rate limits, pagination,
// errors and versioning. Scope lists come from server/auth/scopes.ts, so they cannot drift.
import type { OpenAPIObject } from 'trpc-to-openapi';
import { PRESETS, SCOPES } from '@/lib/shared/scopes';
import { anchorOf, type Operation } from './openapi';
import { Code, CodeBlock } from './prose';
import type { NavSection } from './sidebar';

const SCOPE_TEXT: Record<string, string> = {
  'documents.read': 'List, search and read documents, their versions and library folders.',
  'documents.write': 'Upload, create, rename, move and delete documents, versions and library folders.',
  'links.read': 'List and read share links and link presets.',
  'links.write': 'Create, update and delete share links and link presets.',
  'datarooms.read': 'Read data rooms: their documents, folders, groups, members, permissions and branding.',
  'datarooms.write': 'Create and change data rooms, their contents, groups, permissions and branding.',
  'branding.read': 'List and read team brands.',
  'branding.write': 'Create, update and delete team brands and their images.',
  'analytics.read': 'View records and aggregate analytics (the analytics rate-limit bucket).',
  'visitors.read': 'List and read visitors and their views.',
};

export const GUIDE: NavSection[] = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'scopes', title: 'Scopes' },
  { id: 'rate-limits', title: 'Rate limits' },
  { id: 'pagination', title: 'Pagination' },
  { id: 'errors', title: 'Errors' },
  { id: 'versioning', title: 'Versioning' },
];

function H2({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="scroll-mt-6 text-xl font-semibold tracking-tight text-zinc-900">
      {children}
    </h2>
  );
}

const p = 'text-sm leading-6 text-zinc-700';

export function Guide({ doc, tags }: { doc: OpenAPIObject; tags: { tag: string; ops: Operation[] }[] }) {
  const opsByScope = new Map<string, Operation[]>();
  for (const t of tags) {
    for (const o of t.ops) {
      const s = o.op['x-required-scope'];
      if (s) opsByScope.set(s, [...(opsByScope.get(s) ?? []), o]);
    }
  }
  const base = doc.servers?.[0]?.url ?? '/v1';
  return (
    <div className="space-y-12">
      <section className="space-y-4">
        <H2 id="introduction">Introduction</H2>
        <p className={p}>
          The Quire API gives programs the documents, folders and data rooms of a team. It is a JSON API over HTTPS: every
          path starts with <Code>{base}</Code>, request bodies are JSON objects sent with{' '}
          <Code>Content-Type: application/json</Code> (at most 4.5 MB), and responses are JSON. Resources carry an{' '}
          <Code>object</Code> field, snake_case fields, and <Code>created</Code> / <Code>updated_at</Code> timestamps in ISO
          8601. The machine-readable description is the{' '}
          <a className="text-brand-700 hover:underline" href="/v1/openapi.json">
            OpenAPI 3.1 document
          </a>
          .
        </p>
        <p className={p}>The examples on this page use two shell variables:</p>
        <CodeBlock label="Shell">{`export QUIRE_API="https://<your Quire API host>"\nexport QUIRE_TOKEN="quire_live_…"`}</CodeBlock>
      </section>

      <section className="space-y-4">
        <H2 id="authentication">Authentication</H2>
        <p className={p}>
          Send a token in the <Code>Authorization</Code> header of every request: <Code>Authorization: Bearer quire_live_…</Code>.
          The scheme word is case-insensitive. Cookies, query parameters and <Code>?api_key=</Code> are never accepted.
        </p>
        <ul className={`${p} list-disc space-y-1 pl-5`}>
          <li>
            <strong className="font-semibold text-zinc-900">Dashboard tokens</strong> start with <Code>quire_live_</Code>{' '}
            followed by 40 characters. Create them in the dashboard under Settings → API tokens; a token is shown once, its
            scopes are fixed at creation, it does not expire, and it stops working as soon as it is revoked.
          </li>
          <li>
            <strong className="font-semibold text-zinc-900">OAuth 2.1 access tokens</strong> come from a device login (RFC
            8628): a tool shows a code, a team member approves it in the browser, and the tool gets a token for that member
            and team. They are sent the same way, last 90 days, and refresh themselves when <Code>offline_access</Code> was
            asked for. The official <a className="text-brand-700 hover:underline" href="#device-login">CLI</a> does all of
            this with <Code>quire login</Code>. Apps that can open a browser (MCP clients) use the authorization code grant
            with PKCE (S256) instead: they register a public client with redirect URIs on <Code>https</Code> or loopback
            <Code>http://127.0.0.1</Code>, and the member approves on the same screen; the endpoints are in the issuer&apos;s
            metadata at <Code>/.well-known/oauth-authorization-server</Code>.
          </li>
        </ul>
        <p className={p}>
          A missing, malformed, unknown or revoked token gets <Code>401 unauthorized</Code>. A valid token without the
          operation&apos;s scope gets <Code>403 forbidden</Code>.
        </p>
        <CodeBlock label="Example">{`curl "$QUIRE_API${base}/documents?limit=10" \\\n  -H "Authorization: Bearer $QUIRE_TOKEN"`}</CodeBlock>
        <p className={p}>
          <Code>GET {base}/me</Code> tells any token what it is: its kind (<Code>dashboard</Code> or <Code>oauth</Code>), team,
          user, scopes and expiry. It needs no scope.
        </p>
        <h3 id="device-login" className="scroll-mt-6 pt-2 text-base font-semibold text-zinc-900">
          Device login, step by step
        </h3>
        <p className={p}>
          The issuer is the app host (where the dashboard is), not the API host: its discovery document is at{' '}
          <Code>{'{app}'}/.well-known/openid-configuration</Code>, and the API names it in its OpenAPI document
          (<Code>components.securitySchemes.oauth.openIdConnectUrl</Code> of <Code>{base}/openapi.json</Code>). Use the
          endpoints the discovery document lists. The official CLI&apos;s client id is <Code>quire-cli</Code>; other tools
          register once:
        </p>
        <CodeBlock label="1. Discover and register (other tools)">{`export QUIRE_APP="https://<your Quire app host>"
curl "$QUIRE_APP/.well-known/openid-configuration"
curl -X POST "$QUIRE_APP/oauth/register" -H "Content-Type: application/json" -d '{
  "client_name": "My sync tool", "application_type": "native",
  "token_endpoint_auth_method": "none", "redirect_uris": [],
  "grant_types": ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"]
}'    # -> { "client_id": "…", "registration_access_token": "…" }`}</CodeBlock>
        <CodeBlock label="2. Ask for a code (scopes space-separated)">{`curl -X POST "$QUIRE_APP/oauth/device/code" \\
  -d client_id=quire-cli -d "scope=documents.read documents.write offline_access"
# -> { "device_code": "…", "user_code": "BCDF-GHJK", "verification_uri": "$QUIRE_APP/device",
#      "verification_uri_complete": "…?user_code=BCDF-GHJK", "expires_in": 600, "interval": 5 }`}</CodeBlock>
        <p className={p}>
          Show the user the code and the link. They sign in, check the app, the device&apos;s address and the scopes, pick the
          team and approve. Meanwhile poll, no faster than <Code>interval</Code> seconds:
        </p>
        <CodeBlock label="3. Poll until approved">{`curl -X POST "$QUIRE_APP/oauth/token" -d client_id=quire-cli \\
  -d grant_type=urn:ietf:params:oauth:grant-type:device_code -d device_code=…
# { "error": "authorization_pending" }  keep polling
# { "error": "slow_down" }              add 5 s to your interval
# { "error": "access_denied" }          the user said no
# { "error": "expired_token" }          10 minutes passed: start again
# -> { "access_token": "…", "refresh_token": "…", "token_type": "Bearer", "expires_in": 7776000, "scope": "…" }`}</CodeBlock>
        <CodeBlock label="4. Call the API, refresh, revoke">{`curl "$QUIRE_API${base}/me" -H "Authorization: Bearer $ACCESS_TOKEN"
curl -X POST "$QUIRE_APP/oauth/token" -d client_id=quire-cli \\
  -d grant_type=refresh_token -d refresh_token=…     # a new pair; the old refresh token is spent
curl -X POST "$QUIRE_APP/oauth/revoke" -d client_id=quire-cli -d token=…`}</CodeBlock>
        <p className={p}>
          A refresh token works once: using a spent one again ends the whole login (every token of it), as a stolen token
          would. Team members see and revoke logins under Settings → Connected apps; a member who leaves the team takes
          theirs along. An OAuth token has its own rate-limit budget, which refreshing does not reset.
        </p>
      </section>

      <section className="space-y-4">
        <H2 id="scopes">Scopes</H2>
        <p className={p}>
          Every operation requires exactly one scope, shown beside it below. No scope implies another:{' '}
          <Code>documents.write</Code> does not grant <Code>documents.read</Code>. Two presets expand when a token is created:
        </p>
        <ul className={`${p} list-disc space-y-1 pl-5`}>
          <li>
            <Code>apis.read</Code> grants every read scope: {PRESETS['apis.read'].map((s, i) => <span key={s}>{i ? ', ' : ''}<Code>{s}</Code></span>)}.
          </li>
          <li>
            <Code>apis.all</Code> grants every scope.
          </li>
        </ul>
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-500">
              <tr>
                <th className="px-3 py-2 font-medium">Scope</th>
                <th className="px-3 py-2 font-medium">Allows</th>
                <th className="px-3 py-2 font-medium">Operations</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {SCOPES.map((s) => {
                const ops = opsByScope.get(s) ?? [];
                return (
                  <tr key={s} className="align-top">
                    <td className="px-3 py-2 whitespace-nowrap font-mono text-xs font-medium text-zinc-900">{s}</td>
                    <td className="px-3 py-2 text-zinc-600">{SCOPE_TEXT[s] ?? ''}</td>
                    <td className="px-3 py-2 text-xs text-zinc-500">
                      {ops.length ? (
                        <ul className="space-y-0.5">
                          {ops.map((o) => (
                            <li key={anchorOf(o)}>
                              <a className="font-mono text-brand-700 hover:underline" href={`#${anchorOf(o)}`}>
                                {o.method.toUpperCase()} {o.path}
                              </a>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        'none yet'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className="space-y-4">
        <H2 id="rate-limits">Rate limits</H2>
        <p className={p}>
          Each token may make <strong className="font-semibold text-zinc-900">60 requests a minute</strong> (sliding
          window). Analytics endpoints (<Code>{`${base}/analytics/…`}</Code>) use a separate, lower bucket of{' '}
          <strong className="font-semibold text-zinc-900">20 requests a minute</strong>. Requests without a valid token are
          limited per client address. Every response, errors included, carries:
        </p>
        <ul className={`${p} list-disc space-y-1 pl-5`}>
          <li>
            <Code>X-RateLimit-Limit</Code>: the budget of the bucket per minute;
          </li>
          <li>
            <Code>X-RateLimit-Remaining</Code>: requests left in the current window;
          </li>
          <li>
            <Code>X-RateLimit-Reset</Code>: Unix time in seconds when the window resets.
          </li>
        </ul>
        <p className={p}>
          Over the limit, the answer is <Code>429 rate_limit_exceeded</Code> with a <Code>Retry-After</Code> header in
          seconds. Wait that long before retrying.
        </p>
      </section>

      <section className="space-y-4">
        <H2 id="pagination">Pagination</H2>
        <p className={p}>
          List endpoints take <Code>limit</Code> (1 to 100; default 25, or 50 for folders) and <Code>cursor</Code>, and answer{' '}
          <Code>{'{ data: [...], next_cursor }'}</Code>. Pass <Code>next_cursor</Code> as <Code>cursor</Code> to get the next
          page; it is <Code>null</Code> on the last page. Cursors are opaque: do not build or change them.
        </p>
        <CodeBlock label="Next page">{`curl "$QUIRE_API${base}/documents?limit=25&cursor=$NEXT_CURSOR" \\\n  -H "Authorization: Bearer $QUIRE_TOKEN"`}</CodeBlock>
      </section>

      <section className="space-y-4">
        <H2 id="errors">Errors</H2>
        <p className={p}>
          Every error has the same envelope. <Code>code</Code> is stable and meant for programs; <Code>message</Code> is for
          people; <Code>doc_url</Code> links to the code&apos;s section of the{' '}
          <a className="text-brand-700 hover:underline" href="/docs/api/errors">
            error reference
          </a>
          ; <Code>details</Code> is an object or <Code>null</Code>. Validation failures (422) carry zod&apos;s flattened
          error in <Code>details</Code>.
        </p>
        <CodeBlock label="422 Unprocessable Entity">
          {JSON.stringify(
            {
              error: {
                code: 'unprocessable_entity',
                message: 'Unrecognized key: "folder_path"',
                doc_url: 'https://<your Quire app host>/docs/api/errors#unprocessable_entity',
                details: { formErrors: ['Unrecognized key: "folder_path"'], fieldErrors: {} },
              },
            },
            null,
            2,
          )}
        </CodeBlock>
      </section>

      <section className="space-y-4">
        <H2 id="versioning">Versioning</H2>
        <p className={p}>
          The version is part of the path (<Code>/v1</Code>). Breaking changes go to a new version; additions (new endpoints,
          new response fields, new optional request fields) happen within v1, so ignore response fields you do not know.
          Requests are strict: unknown keys in bodies and query strings are refused with 422 rather than ignored.
        </p>
      </section>
    </div>
  );
}
