'use client';
// The library's search: names (any part of a name, as the list always matched) first, then the
// words inside documents (the team's `search`, one hit per page, grouped by document in the order
// of their best hit). A page hit opens the document at that page with the words highlighted.
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Folder, SearchX } from 'lucide-react';
import Link from 'next/link';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/data-table';
import { DocIcon } from '@/components/ui/doc-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { Snippet } from '@/components/ui/snippet';
import { Skeleton } from '@/components/ui/spinner';
import { useDocumentPages, useSearchPages, type DocumentQuery, type SearchHit } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import { useLoadOnScroll } from '@/lib/use-load-on-scroll';
import { DocumentRow, ListHeader } from './rows';
import { documentHref } from './urls';
import { useFolderChain } from './use-folder-chain';

/** Page hits shown per document before "more pages". */
const FIRST_PAGES = 3;

export const pageHitHref = (documentId: string, page: number, q: string) => `${documentHref(documentId)}?${new URLSearchParams({ page: String(page), q })}`;

/** The links of the results in order, for the arrow keys (the name rows' and the page hits'). */
const RESULT_LINKS = '[data-testid="document-row"] > a, a[data-result-link]';

/** Moves focus to the first result (ArrowDown in the search box). */
export function focusFirstResult() {
  document.querySelector<HTMLElement>(`[data-search-results] :is(${RESULT_LINKS})`)?.focus();
}

function onArrows(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(RESULT_LINKS));
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (at === -1) return;
  e.preventDefault();
  const next = links[at + (e.key === 'ArrowDown' ? 1 : -1)];
  if (next) next.focus();
  else if (e.key === 'ArrowUp') document.querySelector<HTMLElement>('[data-library-search]')?.focus();
}

type Group = { documentId: string; name: string; hits: SearchHit[] };

function groupByDocument(hits: SearchHit[]): Group[] {
  const groups = new Map<string, Group>();
  for (const h of hits) {
    if (h.match !== 'text' || h.page_number === null) continue;
    const g = groups.get(h.document_id) ?? { documentId: h.document_id, name: h.document_name, hits: [] };
    g.hits.push(h);
    groups.set(h.document_id, g);
  }
  return [...groups.values()];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function SearchResults({ q, sort }: { q: string; sort: DocumentQuery['sort'] }) {
  const names = useDocumentPages({ query: q, sort });
  const text = useSearchPages(q);
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadOnScroll(sentinel, names.hasNextPage ? names : text);

  const nameRows = names.data?.pages.flatMap((p) => p.data) ?? [];
  const groups = groupByDocument(text.data?.pages.flatMap((p) => p.data) ?? []);
  const pageCount = groups.reduce((n, g) => n + g.hits.length, 0);

  if (names.isPending && text.isPending) return <ResultsSkeleton />;
  if (names.isError && text.isError) {
    return (
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        <LoadError title="Search failed" error={text.error} onRetry={() => void Promise.all([names.refetch(), text.refetch()])} />
      </section>
    );
  }
  const nothing = !names.isPending && !text.isPending && nameRows.length === 0 && groups.length === 0 && !names.isError && !text.isError;
  if (nothing) {
    return (
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-zinc-200" data-testid="search-empty">
        <EmptyState icon={SearchX} title={`Nothing matches “${q}”`}>
          Search looks in document names and in the words of every page. Try fewer or other words, “an exact phrase”, or <span className="font-mono text-[13px]">-word</span> to leave one out.
        </EmptyState>
      </section>
    );
  }

  return (
    <div className="space-y-4" data-search-results onKeyDown={onArrows}>
      {(names.isPending || nameRows.length > 0 || names.isError) && (
        <section aria-label="Documents whose names match" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
          <SectionTitle title="Names" count={names.isPending ? null : `${plural(nameRows.length, 'document')}${names.hasNextPage ? '+' : ''}`} />
          {names.isPending ? (
            <RowsSkeleton rows={2} />
          ) : names.isError ? (
            <LoadError title="Names could not be searched" error={names.error} onRetry={() => names.refetch()} />
          ) : (
            <>
              <ListHeader showFolder />
              <ul className="divide-y divide-zinc-100">
                {nameRows.map((d) => (
                  <DocumentRow key={d.id} doc={d} showFolder />
                ))}
              </ul>
              {names.hasNextPage && (
                <div className="border-t border-zinc-100 p-2 text-center">
                  <Button variant="ghost" size="sm" loading={names.isFetchingNextPage} onClick={() => names.fetchNextPage()}>
                    Show more names
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      )}

      <section aria-label="Pages whose words match" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200" data-testid="text-hits">
        <SectionTitle
          title="In the text"
          count={text.isPending ? null : groups.length ? `${plural(pageCount, 'page')}${text.hasNextPage ? '+' : ''} in ${plural(groups.length, 'document')}` : null}
        />
        {text.isPending ? (
          <RowsSkeleton rows={3} snippet />
        ) : text.isError ? (
          <LoadError title="The words inside documents could not be searched" error={text.error} onRetry={() => text.refetch()} />
        ) : groups.length === 0 ? (
          <p className="px-5 py-6 text-sm text-zinc-500" data-testid="no-text-hits">
            No page mentions “{q}”. Words are searchable once a document’s text is read; scanned pages need OCR on the server.
          </p>
        ) : (
          <>
            <ul className="divide-y divide-zinc-100">
              {groups.map((g) => (
                <HitGroup key={g.documentId} group={g} q={q} />
              ))}
            </ul>
            {text.hasNextPage && (
              <div className="border-t border-zinc-100 p-3 text-center">
                <Button variant="secondary" size="sm" loading={text.isFetchingNextPage} onClick={() => text.fetchNextPage()}>
                  Load more pages
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <div ref={sentinel} />
    </div>
  );
}

function SectionTitle({ title, count }: { title: string; count: string | null }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-zinc-100 bg-zinc-50/60 px-4 py-2 sm:px-5">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h2>
      {count && <span className="text-xs text-zinc-500 tabular-nums">{count}</span>}
    </div>
  );
}

function HitGroup({ group, q }: { group: Group; q: string }) {
  const trpc = useTRPC();
  const doc = useQuery({ ...trpc.documents.get.queryOptions({ id: group.documentId }), staleTime: 60_000 });
  const [open, setOpen] = useState(false);
  const shown = open ? group.hits : group.hits.slice(0, FIRST_PAGES);
  const first = group.hits[0]!;
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="text-hit-group">
      <div className="flex min-w-0 items-center gap-3">
        {doc.data ? <DocIcon type={doc.data.type} /> : <Skeleton className="h-8 w-8 shrink-0" />}
        <div className="min-w-0 flex-1">
          <Link href={pageHitHref(group.documentId, first.page_number!, q)} className="block truncate text-sm font-medium text-zinc-900 hover:underline">
            {doc.data?.name ?? group.name}
          </Link>
          <FolderPath folderId={doc.data ? doc.data.folder_id : undefined} />
        </div>
        <span className="hidden shrink-0 text-xs text-zinc-500 tabular-nums sm:block">{plural(group.hits.length, 'page')}</span>
      </div>
      <ul className="mt-2 space-y-0.5 sm:pl-11">
        {shown.map((h) => (
          <li key={h.page_number}>
            <Link
              href={pageHitHref(h.document_id, h.page_number!, q)}
              data-result-link
              data-testid="text-hit"
              className="flex gap-3 rounded-lg px-2 py-1.5 -mx-2 hover:bg-zinc-50 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <span className="mt-px h-fit shrink-0 rounded-md bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 tabular-nums ring-1 ring-zinc-200/80 ring-inset">
                p. {h.page_number}
              </span>
              <Snippet text={h.snippet} highlights={h.highlights} className="line-clamp-2 min-w-0 text-sm leading-6 text-zinc-600" />
            </Link>
          </li>
        ))}
      </ul>
      {group.hits.length > FIRST_PAGES && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-brand-600 hover:underline sm:ml-11"
          aria-expanded={open}
        >
          <ChevronDown className={`h-3.5 w-3.5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          {open ? 'Fewer pages' : `${plural(group.hits.length - FIRST_PAGES, 'more page')}`}
        </button>
      )}
    </li>
  );
}

/** Where a document sits in the library: its folders, or the top level (undefined: not known yet). */
function FolderPath({ folderId }: { folderId: string | null | undefined }) {
  const chain = useFolderChain(folderId ?? null);
  const path = !folderId ? 'Top level' : chain.data ? chain.data.map((f) => f.name).join(' / ') : null;
  return (
    <span className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-zinc-500" data-testid="hit-folder">
      <Folder className="h-3 w-3 shrink-0" aria-hidden />
      {folderId === undefined || path === null ? <Skeleton className="h-3 w-24" /> : <span className="truncate">{path}</span>}
    </span>
  );
}

function RowsSkeleton({ rows, snippet }: { rows: number; snippet?: boolean }) {
  return (
    <div className="space-y-4 p-5" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="h-8 w-8 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            {snippet && <Skeleton className="h-3 w-5/6" />}
          </div>
        </div>
      ))}
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <section className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200" aria-label="Searching">
      <RowsSkeleton rows={4} snippet />
    </section>
  );
}
