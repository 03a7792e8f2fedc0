'use client';
// The redaction editor (DESIGN.md "Redaction that removes, and proves it"): boxes drawn on the
// page images, every occurrence of words, personal data found by pattern and accepted or declined
// one by one, a review of every mark with the text it covers, then apply: the server writes the
// new version, reads it back, and publishes it only when nothing is left under a mark.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CircleAlert, Eraser, Loader2, ShieldCheck, SquareDashedMousePointer, Trash2, X } from 'lucide-react';
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Textarea } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { converting, pdfUrl } from '@/components/document/document-preview';
import { PdfPreview, type PageMarks } from '@/components/document/pdf-preview';
import { useVersionPages } from '@/lib/trpc/lists';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, RouterOutputs, VersionItem } from '@/lib/trpc/types';
import { MarkLayer } from './mark-layer';
import { byPage, PATTERN_LABELS, SOURCE_LABELS, undecided, type Box, type EditorMark } from './redaction-model';

type Redaction = RouterOutputs['redactions']['get'];
type Pattern = keyof typeof PATTERN_LABELS;
type Change = { marks?: Box[]; terms?: string[]; patterns?: Pattern[]; remove_mark_ids?: string[]; reason?: string | null };

export function RedactionEditor({ doc }: { doc: DocumentItem }) {
  const versions = useVersionPages(doc.id);
  const primary = versions.data?.pages.flatMap((p) => p.data).find((v) => v.is_primary) ?? null;
  const url = primary && pdfUrl(doc.id, primary);
  const back = `/documents/${doc.id}`;

  return (
    <>
      <Link href={back} className="mb-2 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {doc.name}
      </Link>
      <div className="mb-6">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">Redact</h1>
        <p className="text-sm text-zinc-500">Black out what visitors must not see. Applying removes it from the file itself, not just from view, and checks that nothing is left.</p>
      </div>
      {versions.isPending ? (
        <div className="aspect-[3/4] max-w-3xl animate-pulse rounded-lg bg-zinc-100" data-testid="redaction-loading" />
      ) : !primary || !url ? (
        <Card className="p-2">
          <EmptyState icon={Eraser} title="This document cannot be redacted" action={<Link href={back} className={buttonClass('secondary')}>Back to the document</Link>}>
            {primary && converting(primary)
              ? 'Its pages are still being prepared. Come back once the preview is ready.'
              : 'Redaction works on PDFs and on Office files once they are converted.'}
          </EmptyState>
        </Card>
      ) : (
        <Editor doc={doc} version={primary} url={url} />
      )}
    </>
  );
}

function Editor({ doc, version, url }: { doc: DocumentItem; version: VersionItem; url: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const list = useQuery({ ...trpc.redactions.list.queryOptions({ id: doc.id }), staleTime: 0 });
  // The redaction being edited: the one picked here, else the newest that is not done with.
  const [picked, setPicked] = useState<string | null>(null);
  const open = list.data?.data.find((r) => r.status === 'draft' || r.status === 'applying' || r.status === 'failed') ?? null;
  const currentId = picked ?? open?.id ?? null;
  const current = useQuery({
    ...trpc.redactions.get.queryOptions({ id: currentId ?? '' }),
    enabled: !!currentId,
    refetchInterval: (q) => (q.state.data?.status === 'applying' ? 1000 : false),
  });
  const r: Redaction | null = currentId ? (current.data ?? null) : null;
  const marks = useMemo<EditorMark[]>(() => r?.marks ?? [], [r]);

  const [drawing, setDrawing] = useState(false);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [goTo, setGoTo] = useState<PageMarks['goTo']>(null);
  const [term, setTerm] = useState('');
  const [patterns, setPatterns] = useState<Set<Pattern>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback(
    (next: Redaction) => {
      queryClient.setQueryData(trpc.redactions.get.queryKey({ id: next.id }), next);
      void queryClient.invalidateQueries(trpc.redactions.list.queryFilter({ id: doc.id }));
      setPicked(next.id);
    },
    [queryClient, trpc, doc.id],
  );
  const create = useMutation(trpc.redactions.create.mutationOptions());
  const update = useMutation(trpc.redactions.update.mutationOptions());
  const change = useMutation({
    mutationFn: (c: Change) => (r && r.status === 'draft' ? update.mutateAsync({ id: r.id, ...c }) : create.mutateAsync({ id: doc.id, ...c })),
    onMutate: () => setError(null),
    onSuccess: show,
    onError: (e) => setError(errorMessage(e)),
  });
  const apply = useMutation(
    trpc.redactions.applyMarks.mutationOptions({
      onSuccess: (next) => {
        show(next);
        setConfirming(false);
        setDrawing(false);
      },
    }),
  );
  const discard = useMutation(
    trpc.redactions.delete.mutationOptions({
      onSuccess: async () => {
        setPicked(null);
        setAccepted(new Set());
        setDiscarding(false);
        queryClient.removeQueries(trpc.redactions.get.queryFilter({ id: r?.id ?? '' }));
        await queryClient.invalidateQueries(trpc.redactions.list.queryFilter({ id: doc.id }));
        notify('The draft was discarded.');
      },
    }),
  );

  // Once applied, the redacted version is the primary: the pages shown and the document follow it.
  const applied = r?.status === 'applied' ? r.result_version_id : null;
  useEffect(() => {
    if (!applied) return;
    void queryClient.invalidateQueries(trpc.documents.versions.pathFilter());
    void queryClient.invalidateQueries(trpc.documents.get.queryFilter({ id: doc.id }));
  }, [applied, queryClient, trpc, doc.id]);

  const editable = !r || r.status === 'draft';
  const textReady = version.text_status === 'ready';
  const waiting = undecided(marks, accepted);
  const pages = useMemo(() => byPage(marks), [marks]);
  const onPage = useMemo(() => new Map(pages.map((g) => [g.page, g.marks])), [pages]);

  const render = useCallback(
    (page: number) => <MarkLayer page={page} marks={onPage.get(page) ?? []} accepted={accepted} focused={focused} drawing={drawing && editable} onDraw={(box) => change.mutate({ marks: [box] })} />,
    [onPage, accepted, focused, drawing, editable, change],
  );
  const pageMarks = useMemo<PageMarks>(() => ({ render, goTo }), [render, goTo]);
  const reveal = (m: EditorMark) => {
    setFocused(m.id);
    setGoTo((g) => ({ page: m.page, seq: (g?.seq ?? 0) + 1 }));
  };
  const decline = (ids: string[]) => change.mutate({ remove_mark_ids: ids });
  const addTerm = (e: FormEvent) => {
    e.preventDefault();
    const t = term.trim();
    if (!t) return;
    change.mutate({ terms: [t] }, { onSuccess: () => setTerm('') });
  };
  const searched = new Set(r?.patterns ?? []);
  const findPatterns = () => change.mutate({ patterns: [...patterns] }, { onSuccess: () => setPatterns(new Set()) });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-label="Pages" className="min-w-0" data-testid="redaction-pages" data-drawing={drawing && editable ? '' : undefined}>
        <PdfPreview url={url} title={doc.name} marks={pageMarks} />
      </section>

      <div className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <Status r={r} docId={doc.id} onDiscard={() => setDiscarding(true)} />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}

        {editable && (
          <Card>
            <CardHeader title="Mark what to remove" description="Each mark is saved as you go; nothing changes in the file until you apply." />
            <div className="space-y-5 px-5 pt-4 pb-5">
              <div>
                <Button variant={drawing ? 'primary' : 'secondary'} aria-pressed={drawing} onClick={() => setDrawing((d) => !d)}>
                  <SquareDashedMousePointer className="h-4 w-4" aria-hidden /> {drawing ? 'Drawing boxes: on' : 'Draw boxes'}
                </Button>
                <p className="mt-1.5 text-xs text-zinc-500">{drawing ? 'Drag over a page to black out an area. Press the button again to scroll freely.' : 'Black out an area: a signature, a photo, a table.'}</p>
              </div>

              <form onSubmit={addTerm} className="space-y-1.5">
                <Field label="Words to remove" hint={textReady ? 'Every occurrence, in any case, on every page.' : textHint(version.text_status)}>
                  {(p) => (
                    <div className="flex gap-2">
                      <Input {...p} value={term} onChange={(e) => setTerm(e.target.value)} placeholder="e.g. Project Falcon" disabled={!textReady} maxLength={200} />
                      <Button type="submit" variant="secondary" disabled={!textReady || !term.trim()} loading={change.isPending && !!term.trim()}>
                        Find
                      </Button>
                    </div>
                  )}
                </Field>
                {!!r?.terms.length && (
                  <p className="flex flex-wrap gap-1.5 pt-1" data-testid="redaction-terms">
                    {r.terms.map((t) => (
                      <Badge key={t}>{t}</Badge>
                    ))}
                  </p>
                )}
              </form>

              <fieldset disabled={!textReady}>
                <legend className="text-sm font-medium text-zinc-800">Personal data</legend>
                <div className="mt-2 grid grid-cols-1 gap-1.5 sm:grid-cols-2 lg:grid-cols-1">
                  {(Object.keys(PATTERN_LABELS) as Pattern[]).map((p) => (
                    <label key={p} className="flex items-center gap-2 text-sm text-zinc-700">
                      <input
                        type="checkbox"
                        className="h-4 w-4 rounded border-zinc-300 text-brand-600"
                        checked={searched.has(p) || patterns.has(p)}
                        disabled={searched.has(p)}
                        onChange={(e) => setPatterns((s) => toggled(s, p, e.target.checked))}
                      />
                      {PATTERN_LABELS[p]}
                      {searched.has(p) && <span className="text-xs text-zinc-400">searched</span>}
                    </label>
                  ))}
                </div>
                <Button className="mt-3" variant="secondary" size="sm" onClick={findPatterns} disabled={!patterns.size}>
                  Find personal data
                </Button>
              </fieldset>
            </div>
          </Card>
        )}

        {editable && waiting.length > 0 && (
          <Card>
            <CardHeader
              title={`Found: ${waiting.length} to review`}
              description="Found by pattern. Accept what must go; decline what may stay."
              action={
                <Button size="sm" variant="secondary" onClick={() => setAccepted((s) => new Set([...s, ...waiting.map((m) => m.id)]))}>
                  Accept all
                </Button>
              }
            />
            <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto border-t border-zinc-100" data-testid="redaction-suggestions">
              {waiting.map((m) => (
                <li key={m.id} className="flex items-center gap-2 px-5 py-2" data-testid="redaction-suggestion">
                  <button type="button" className="min-w-0 flex-1 truncate text-left text-sm text-zinc-800 hover:underline" onClick={() => reveal(m)}>
                    {m.text || 'An area'} <span className="text-xs text-zinc-500">p. {m.page}</span>
                  </button>
                  <Button size="icon" variant="ghost" aria-label={`Accept ${m.text} on page ${m.page}`} onClick={() => setAccepted((s) => new Set([...s, m.id]))}>
                    <Check className="h-4 w-4 text-emerald-600" aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Decline ${m.text} on page ${m.page}`} onClick={() => decline([m.id])} disabled={change.isPending}>
                    <X className="h-4 w-4 text-zinc-500" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}

        {r && (
          <Card>
            <CardHeader title={`Marks (${marks.length})`} description={!marks.length ? 'No marks yet.' : editable ? 'What will be removed, page by page, with the text each covers.' : 'What was marked, page by page, with the text each covered.'} />
            {marks.length > 0 && (
              <ul className="max-h-96 overflow-y-auto border-t border-zinc-100" data-testid="redaction-marks">
                {pages.map((g) => (
                  <li key={g.page}>
                    <p className="bg-zinc-50 px-5 py-1 text-xs font-medium text-zinc-500">Page {g.page}</p>
                    <ul className="divide-y divide-zinc-100">
                      {g.marks.map((m) => (
                        <li key={m.id} className="flex items-center gap-2 px-5 py-1.5" data-testid="redaction-mark-row" data-source={m.source}>
                          <Badge tone={m.source === 'box' ? 'neutral' : m.source === 'term' ? 'brand' : 'amber'}>{SOURCE_LABELS[m.source]}</Badge>
                          <button type="button" className="min-w-0 flex-1 truncate text-left text-sm text-zinc-800 hover:underline" onClick={() => reveal(m)} title={m.text || undefined}>
                            {m.text || <span className="text-zinc-500">An area without text</span>}
                          </button>
                          {editable && (
                            <Button size="icon" variant="ghost" aria-label={`Remove the mark on page ${m.page}${m.text ? `: ${m.text}` : ''}`} onClick={() => decline([m.id])} disabled={change.isPending}>
                              <Trash2 className="h-4 w-4 text-zinc-500" aria-hidden />
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
            {editable && (
              <div className="space-y-3 border-t border-zinc-100 px-5 py-4">
                <Reason key={r.id} value={r.reason} onSave={(reason) => change.mutate({ reason })} />
                <Button className="w-full" onClick={() => setConfirming(true)} disabled={!marks.length || waiting.length > 0 || change.isPending}>
                  <Eraser className="h-4 w-4" aria-hidden /> Apply redaction
                </Button>
                {waiting.length > 0 && <p className="text-xs text-amber-700">Accept or decline what was found first.</p>}
                <Button className="w-full" variant="ghost" size="sm" onClick={() => setDiscarding(true)}>
                  Discard the draft
                </Button>
              </div>
            )}
          </Card>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Apply ${marks.length} mark${marks.length === 1 ? '' : 's'}?`}
        confirmLabel="Apply redaction"
        onConfirm={() => r && apply.mutate({ id: r.id })}
        pending={apply.isPending}
        error={apply.error ? errorMessage(apply.error) : null}
      >
        <p>Quire writes a new version of “{doc.name}” with everything under the marks removed, reads it back to check, and only then makes it the primary version.</p>
        <p>Links and rooms show the redacted version from then on. The original stays in the version history for your team only.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard this draft?"
        confirmLabel="Discard"
        onConfirm={() => r && discard.mutate({ id: r.id })}
        pending={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
      >
        <p>Its {marks.length} mark{marks.length === 1 ? '' : 's'} are deleted. The document is not changed.</p>
      </ConfirmDialog>
    </div>
  );
}

function Status({ r, docId, onDiscard }: { r: Redaction | null; docId: string; onDiscard: () => void }) {
  if (!r || r.status === 'draft') return null;
  if (r.status === 'applying') {
    return (
      <Card>
        <div className="flex items-start gap-3 p-5" role="status" data-testid="redaction-status" data-status="applying">
          <Loader2 className="mt-0.5 h-5 w-5 shrink-0 animate-spin text-brand-600" aria-hidden />
          <div>
            <p className="font-medium text-zinc-900">Applying and checking…</p>
            <p className="text-sm text-zinc-600">The new version is written and read back before anyone sees it. This page updates by itself.</p>
          </div>
        </div>
      </Card>
    );
  }
  if (r.status === 'failed') {
    return (
      <Card>
        <div className="flex items-start gap-3 p-5" role="alert" data-testid="redaction-status" data-status="failed">
          <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium text-zinc-900">The redaction was not applied</p>
            <p className="text-sm text-zinc-600">{r.error ?? 'It could not be completed.'} Nothing was published.</p>
            <Button className="mt-3" size="sm" variant="secondary" onClick={onDiscard}>
              Discard and start again
            </Button>
          </div>
        </div>
      </Card>
    );
  }
  const v = r.verification;
  return (
    <Card>
      <div className="flex items-start gap-3 p-5" role="status" data-testid="redaction-status" data-status="applied">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium text-zinc-900">Redacted and verified</p>
          {v && (
            <p className="text-sm text-zinc-600" data-testid="redaction-verification">
              {v.pages_checked} page{v.pages_checked === 1 ? '' : 's'} read back: {v.characters_under_marks} characters left under the marks.
            </p>
          )}
          <p className="mt-1 text-sm text-zinc-600">The redacted file is now the primary version; visitors see only it.</p>
          <Link href={`/documents/${docId}`} className={buttonClass('secondary', 'sm', 'mt-3')}>
            Open the document
          </Link>
        </div>
      </div>
    </Card>
  );
}

/** Why a draft is kept, saved when the field is left. */
function Reason({ value, onSave }: { value: string | null; onSave: (reason: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  return (
    <Field label="Reason (optional)" hint="Kept with the redaction in the audit log.">
      {(p) => (
        <Textarea
          {...p}
          rows={2}
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            const next = text.trim() || null;
            if (next !== (value ?? null)) onSave(next);
          }}
        />
      )}
    </Field>
  );
}

const textHint = (status: string) =>
  status === 'processing' ? 'The document’s text is still being read; words can be searched once it is ready.' : 'This document has no readable text: draw boxes instead.';

function toggled<T>(s: Set<T>, v: T, on: boolean): Set<T> {
  const next = new Set(s);
  if (on) next.add(v);
  else next.delete(v);
  return next;
}
