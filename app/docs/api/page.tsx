// /docs/api: the API reference, rendered on the server from the same OpenAPI document that
// /v1/openapi.json serves. No client JavaScript, no remote assets.
import type { Metadata } from 'next';
import { buildOpenApiDocument } from '@/server/openapi/document';
import { Guide, GUIDE } from './_components/guide';
import { OperationSection } from './_components/operation';
import { operationsByTag } from './_components/openapi';
import { Prose } from './_components/prose';
import { Sidebar } from './_components/sidebar';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'The Quire REST API: authentication, scopes, rate limits, pagination, errors and every endpoint.',
};

export default function ApiReferencePage() {
  const doc = buildOpenApiDocument();
  const tags = operationsByTag(doc);
  return (
    <div className="mx-auto flex max-w-[90rem] flex-col lg:flex-row">
      <aside className="border-b border-zinc-200 bg-white px-5 py-6 lg:sticky lg:top-0 lg:h-dvh lg:w-72 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0">
        <Sidebar guide={GUIDE} tags={tags} />
      </aside>
      <main className="min-w-0 flex-1 px-5 py-10 sm:px-8 lg:px-12">
        <header className="mb-10 space-y-2">
          <p className="text-sm font-medium text-brand-700">Quire API · v1</p>
          <h1 className="text-3xl font-semibold tracking-tight text-zinc-900">API reference</h1>
        </header>
        <Guide doc={doc} tags={tags} />
        {tags.map((t) => (
          <section key={t.tag} id={`tag-${t.tag.toLowerCase()}`} className="mt-16 scroll-mt-6">
            <h2 className="text-2xl font-semibold tracking-tight text-zinc-900">{t.tag}</h2>
            <Prose text={t.description} className="mt-2 max-w-3xl" />
            <div className="mt-4">
              {t.ops.map((o) => (
                <OperationSection key={`${o.method} ${o.path}`} doc={doc} o={o} />
              ))}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}
