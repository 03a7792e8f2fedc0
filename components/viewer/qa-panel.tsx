'use client';
// Room Q&A beside the document (DESIGN.md "Room Q&A"): ask about the page being read (the
// default), the document or the room; "My questions" with their answers; the room's FAQ. A
// visitor whose email is not verified is sent a one-time code first. Every question and answer
// is React text, never markup. The server checks everything again (services/questions/visitor.ts).
import { MessageCircleQuestion } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Tab } from '@/components/ui/tab';
import { cn } from '@/lib/cn';
import { fill, type ViewerWords } from '@/lib/shared/viewer-words';

import type { VisitorQa as Qa } from '@/server/services/questions/visitor';

type Entry = Qa['mine'][number];
type Item = { id: string; name: string; numPages: number };
type Scope = 'page' | 'document' | 'room';

/** The page the document viewer shows: it keeps `?page=` in the address (document-viewer.tsx). */
const currentPage = () => Number(new URL(window.location.href).searchParams.get('page')) || 1;

type Refusal = { code?: string; message?: string; details?: { limit?: unknown; fieldErrors?: { code?: string[] } } };

/** The server's refusal in the link's language: the known ones are translated; any other is the
 *  server's own English sentence on an English link and a plain "try again" elsewhere. */
function refusalText(e: Refusal | null, t: ViewerWords, english: boolean): string {
  const codeError = e?.details?.fieldErrors?.code?.[0];
  if (e?.code === 'rate_limit_exceeded') return e.details?.limit !== undefined ? t.qaLimit : t.err_rate_limited;
  if (codeError === 'wrong') return t.err_code_wrong;
  if (codeError === 'expired') return t.err_code_expired;
  return english && e?.message ? e.message : t.qaError;
}

async function call<T>(url: string, t: ViewerWords, english: boolean, body?: unknown): Promise<T> {
  const r = await fetch(url, body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  const data = r ? await r.json().catch(() => null) : null;
  if (!r?.ok) throw new Error(refusalText(data?.error ?? null, t, english));
  return data as T;
}

const BRAND_BUTTON = { background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' };

const when = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric' });

function about(e: Entry, t: ViewerWords) {
  if (!e.document_name) return t.qaAboutRoom;
  return e.page_number ? fill(t.qaDocPage, { document: e.document_name, page: e.page_number }) : e.document_name;
}

function EntryView({ e, mine, t, lang }: { e: Entry; mine?: boolean; t: ViewerWords; lang: string }) {
  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-zinc-200" data-testid={mine ? 'my-question' : 'faq-entry'}>
      <p className="text-xs text-zinc-500">
        {about(e, t)} · {when(e.created, lang)}
      </p>
      <p className="mt-1 text-sm font-medium break-words whitespace-pre-wrap text-zinc-900">{e.text}</p>
      {e.answers.length > 0 ? (
        <div className="mt-2 space-y-2 border-l-2 border-brand-200 pl-2.5">
          {e.answers.map((a) => (
            <p key={a.id} className="text-sm break-words whitespace-pre-wrap text-zinc-700">
              {a.text}
            </p>
          ))}
        </div>
      ) : (
        mine && <p className="mt-1.5 text-xs text-amber-700">{e.status === 'closed' ? t.qaClosed : t.qaWaiting}</p>
      )}
    </li>
  );
}

export function QaPanel({ slug, item, initial, t, lang, className }: { slug: string; item: Item | null; initial: Qa; t: ViewerWords; lang: string; className?: string }) {
  const base = `/view/${slug}/questions`;
  const english = lang === 'en';
  const [qa, setQa] = useState<Qa>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<'ask' | 'mine' | 'faq'>('ask');
  const [scope, setScope] = useState<Scope>(item && item.numPages > 0 ? 'page' : item ? 'document' : 'room');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');

  const load = useCallback(() => call<Qa>(base, t, english).then((d) => (setQa(d), setLoadError(null)), (e: Error) => setLoadError(e.message)), [base, t, english]);
  // The answer mail links back with ?qa=<id>: open on the visitor's questions.
  useEffect(() => {
    if (new URL(window.location.href).searchParams.has('qa')) setTab('mine');
  }, []);
  // Follow the page being read, so "this page" is the one on screen when the question is sent.
  useEffect(() => {
    if (!item) return;
    setPage(currentPage());
    const t = window.setInterval(() => setPage(currentPage()), 500);
    return () => window.clearInterval(t);
  }, [item]);

  if (!qa.enabled) return null;

  /** One request at a time; its refusal (the server's sentence) shows under the form. */
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    void run(async () => {
      const body = scope === 'room' || !item ? { text } : { text, item_id: item.id, page_number: scope === 'page' ? currentPage() : null };
      await call(base, t, english, body);
      setText('');
      setNotice(t.qaSent);
      await load();
    });
  };
  const sendCode = () => void run(async () => (await call(`${base}/code`, t, english, {}), setCodeSent(true)));
  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => (await call(`${base}/code`, t, english, { code }), await load()));
  };

  const tabs = [
    { id: 'ask', label: t.qaTabAsk },
    { id: 'mine', label: `${t.qaTabMine}${qa.mine.length ? ` (${qa.mine.length})` : ''}` },
    { id: 'faq', label: `${t.qaTabFaq}${qa.faq.length ? ` (${qa.faq.length})` : ''}` },
  ] as const;

  return (
    <aside className={cn('rounded-xl bg-zinc-50 ring-1 ring-zinc-200', className)} aria-label={t.qaRegion} data-testid="qa-panel">
      <h2 className="flex items-center gap-2 px-4 pt-4 text-sm font-semibold text-zinc-900">
        <MessageCircleQuestion className="h-4 w-4 text-brand-600" aria-hidden />
        {t.qaTitle}
      </h2>
      <div role="tablist" aria-label={t.qaTabs} className="mt-3 flex gap-1 border-b border-zinc-200 px-3">
        {tabs.map((t) => (
          <Tab key={t.id} selected={tab === t.id} onClick={() => setTab(t.id)} className="px-2 py-1.5">
            {t.label}
          </Tab>
        ))}
      </div>
      <div className="p-4" role="tabpanel">
        {loadError && (
          <p className="mb-3 text-sm text-red-700" role="alert">
            {loadError}
          </p>
        )}
        {tab === 'ask' &&
          (!qa.verified ? (
            <div className="space-y-3 text-sm text-zinc-700" data-testid="qa-verify">
              {qa.email ? (
                <>
                  <p>
                    {t.qaVerifyIntro.split('{email}').map((part, i) => (
                      <span key={i}>
                        {i > 0 && <span className="font-medium break-all">{qa.email}</span>}
                        {part}
                      </span>
                    ))}
                  </p>
                  {!codeSent ? (
                    <button type="button" onClick={sendCode} disabled={busy} className="rounded-lg px-3 py-2 text-sm font-semibold hover:brightness-95 disabled:opacity-60" style={BRAND_BUTTON}>
                      {t.qaSendCode}
                    </button>
                  ) : (
                    <form onSubmit={verify} className="flex gap-2">
                      <label htmlFor="qa-code" className="sr-only">
                        {t.codeLabel}
                      </label>
                      <input
                        id="qa-code"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={8}
                        value={code}
                        onChange={(e) => setCode(e.target.value)}
                        placeholder={t.qaCodePlaceholder}
                        className="w-32 rounded-lg border border-zinc-300 px-3 py-2 text-sm tracking-widest"
                      />
                      <button type="submit" disabled={busy || !code.trim()} className="rounded-lg px-3 py-2 text-sm font-semibold hover:brightness-95 disabled:opacity-60" style={BRAND_BUTTON}>
                        {t.verify}
                      </button>
                    </form>
                  )}
                </>
              ) : (
                <p>{t.qaNoEmail}</p>
              )}
              {error && <p className="text-red-700" role="alert">{error}</p>}
            </div>
          ) : (
            <form onSubmit={submit} className="space-y-3" data-testid="qa-ask">
              {item && (
                <fieldset className="space-y-1.5">
                  <legend className="text-xs font-medium text-zinc-600">{t.qaAbout}</legend>
                  {(
                    [
                      ...(item.numPages > 0 ? [['page', fill(t.qaThisPage, { page })]] : []),
                      ['document', item.name],
                      ['room', t.qaWholeRoom],
                    ] as [Scope, string][]
                  ).map(([v, label]) => (
                    <label key={v} className="flex items-center gap-2 text-sm text-zinc-800">
                      <input type="radio" name="qa-scope" value={v} checked={scope === v} onChange={() => setScope(v)} className="h-4 w-4 accent-brand-600" />
                      <span className="truncate">{label}</span>
                    </label>
                  ))}
                </fieldset>
              )}
              <label htmlFor="qa-text" className="sr-only">
                {t.qaYourQuestion}
              </label>
              <textarea
                id="qa-text"
                rows={4}
                maxLength={5000}
                value={text}
                onChange={(e) => (setText(e.target.value), setNotice(null))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
                }}
                placeholder={t.qaPlaceholder}
                className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
              />
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs text-zinc-500">
                  {fill(t.qaLeft, { remaining: qa.remaining, limit: qa.limit })}
                </span>
                <button type="submit" disabled={busy || !text.trim()} className="rounded-lg px-3 py-2 text-sm font-semibold hover:brightness-95 disabled:opacity-60" style={BRAND_BUTTON}>
                  {t.qaSend}
                </button>
              </div>
              {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
              {notice && <p className="text-sm text-emerald-700" role="status">{notice}</p>}
            </form>
          ))}
        {tab === 'mine' &&
          (qa.mine.length ? (
            <ul className="space-y-2">{qa.mine.map((e) => <EntryView key={e.id} e={e} t={t} lang={lang} mine />)}</ul>
          ) : (
            <p className="text-sm text-zinc-500">{qa.verified ? t.qaNoneMine : t.qaVerifyToSee}</p>
          ))}
        {tab === 'faq' &&
          (qa.faq.length ? <ul className="space-y-2">{qa.faq.map((e) => <EntryView key={e.id} e={e} t={t} lang={lang} />)}</ul> : <p className="text-sm text-zinc-500">{t.qaNoFaq}</p>)}
      </div>
    </aside>
  );
}
