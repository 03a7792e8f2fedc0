// The reference's navigation: the guide sections, then every tag with its operations.
import { MethodBadge } from './operation';
import { anchorOf, type Operation } from './openapi';

export type NavSection = { id: string; title: string };

export function Sidebar({ guide, tags }: { guide: NavSection[]; tags: { tag: string; ops: Operation[] }[] }) {
  return (
    <nav aria-label="API reference" className="space-y-6 text-sm">
      <div>
        <a href="/docs/api" className="block text-base font-semibold text-zinc-900">
          Quire API
        </a>
        <p className="text-xs text-zinc-500">REST reference · v1</p>
      </div>
      <div>
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Guide</h2>
        <ul className="space-y-1">
          {guide.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className="block rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900">
                {g.title}
              </a>
            </li>
          ))}
          <li>
            <a href="/docs/api/errors" className="block rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900">
              Error codes
            </a>
          </li>
          <li>
            <a href="/v1/openapi.json" className="block rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900">
              OpenAPI document
            </a>
          </li>
        </ul>
      </div>
      {tags.map((t) => (
        <div key={t.tag}>
          <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">
            <a href={`#tag-${t.tag.toLowerCase()}`} className="hover:text-zinc-900">
              {t.tag}
            </a>
          </h2>
          <ul className="space-y-0.5">
            {t.ops.map((o) => (
              <li key={anchorOf(o)}>
                <a
                  href={`#${anchorOf(o)}`}
                  className="flex items-center gap-2 rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900"
                >
                  <MethodBadge method={o.method} small />
                  <span className="truncate">{o.op.summary ?? o.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
