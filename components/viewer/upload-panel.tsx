'use client';
// Visitor uploads in the viewer (DESIGN.md "Room power tools"): in a folder that takes this
// visitor's uploads, an Upload button and a drop zone (several files, each with its progress),
// elsewhere the folders that do; then "My uploads" with the team's decisions and the reason of a
// rejection. The browser checks type and size first as the dashboard does (lib/upload); the
// server checks everything again (services/visitor-uploads/visitor.ts). A visitor whose email is
// not proven gets the one-time code first (the Q&A panel's code route).
import { CheckCircle2, Clock, FolderUp, Upload, XCircle } from 'lucide-react';
import { useCallback, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { fill, type ViewerWords } from '@/lib/shared/viewer-words';
import { ACCEPT_ATTR, checkFile } from '@/lib/upload/file-check';
import { putFile } from '@/lib/upload/put';
import type { VisitorUploadsPanel as Panel } from '@/server/services/visitor-uploads/visitor';

type Refusal = { code?: string; message?: string; details?: { files_per_day?: unknown } };
type Sending = { key: number; name: string; progress: number; state: 'sending' | 'done' | 'failed'; message: string | null };

const BRAND_BUTTON = { background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' };

function refusalText(e: Refusal | null, t: ViewerWords, english: boolean): string {
  if (e?.code === 'rate_limit_exceeded' && e.details?.files_per_day !== undefined) return english && e.message ? e.message : t.uploadLimit;
  return english && e?.message ? e.message : t.uploadError;
}

async function call<T>(url: string, t: ViewerWords, english: boolean, body?: unknown): Promise<T> {
  const r = await fetch(url, body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  const data = r ? await r.json().catch(() => null) : null;
  if (!r?.ok) throw new Error(refusalText(data?.error ?? null, t, english));
  return data as T;
}

const STATUS = {
  pending: { icon: Clock, className: 'text-amber-700' },
  approved: { icon: CheckCircle2, className: 'text-emerald-700' },
  rejected: { icon: XCircle, className: 'text-red-700' },
} as const;

export function UploadPanel({ slug, folderId, initial, t, lang, className }: { slug: string; folderId: string | null; initial: Panel; t: ViewerWords; lang: string; className?: string }) {
  const base = `/view/${slug}/uploads`;
  const english = lang === 'en';
  const [panel, setPanel] = useState<Panel>(initial);
  const [sending, setSending] = useState<Sending[]>([]);
  const [dragging, setDragging] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const target = panel.folders.find((f) => f.id === folderId) ?? null;

  const load = useCallback(() => call<Panel>(base, t, english).then(setPanel, () => {}), [base, t, english]);
  const patch = (key: number, p: Partial<Sending>) => setSending((all) => all.map((s) => (s.key === key ? { ...s, ...p } : s)));

  const sendOne = async (file: File, folder: string) => {
    const key = ++seq.current;
    setSending((all) => [{ key, name: file.name, progress: 0, state: 'sending', message: null }, ...all]);
    const check = checkFile(file, panel.max_file_bytes);
    if (!check.ok) return patch(key, { state: 'failed', message: check.reason });
    try {
      const u = await call<{ upload_id: string; upload_url: string; required_headers: Record<string, string> }>(`${base}/url`, t, english, {
        folder_id: folder,
        file_name: file.name,
        content_type: check.contentType,
        size: file.size,
      });
      await putFile(u.upload_url, u.required_headers, file, (progress) => patch(key, { progress }));
      await call(base, t, english, { upload_id: u.upload_id, folder_id: folder });
      patch(key, { state: 'done', progress: 1, message: fill(t.uploadDone, { name: file.name }) });
    } catch (e) {
      patch(key, { state: 'failed', message: (e as Error).message || t.uploadError });
    }
  };
  const sendAll = async (files: FileList | File[] | null) => {
    if (!target || !files?.length) return;
    // One after another: the daily allowance is counted in order, and progress stays readable.
    for (const f of Array.from(files)) await sendOne(f, target.id);
    await load();
  };

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
  const sendCode = () => void run(async () => (await call(`/view/${slug}/questions/code`, t, english, {}), setCodeSent(true)));
  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => (await call(`/view/${slug}/questions/code`, t, english, { code }), await load()));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void sendAll(e.dataTransfer.files);
  };

  if (!panel.enabled && !panel.mine.length) return null;
  const when = (iso: string) => new Date(iso).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric' });

  return (
    <aside id="uploads" className={cn('rounded-xl bg-zinc-50 ring-1 ring-zinc-200', className)} aria-label={t.uploadTitle} data-testid="upload-panel">
      <h2 className="flex items-center gap-2 px-4 pt-4 text-sm font-semibold text-zinc-900">
        <FolderUp className="h-4 w-4 text-brand-600" aria-hidden />
        {target ? fill(t.uploadTo, { folder: target.name }) : t.uploadTitle}
      </h2>
      <div className="space-y-4 p-4">
        {panel.enabled && !panel.verified ? (
          <div className="space-y-3 text-sm text-zinc-700" data-testid="upload-verify">
            <p>
              {t.uploadVerifyIntro.split('{email}').map((part, i) => (
                <span key={i}>
                  {i > 0 && <span className="font-medium break-all">{panel.email}</span>}
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
                <label htmlFor="upload-code" className="sr-only">
                  {t.codeLabel}
                </label>
                <input
                  id="upload-code"
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
            {error && (
              <p className="text-red-700" role="alert">
                {error}
              </p>
            )}
          </div>
        ) : panel.enabled && target ? (
          <div
            data-testid="upload-drop"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-white',
            )}
          >
            <button type="button" onClick={() => input.current?.click()} className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold hover:brightness-95" style={BRAND_BUTTON}>
              <Upload className="h-4 w-4" aria-hidden />
              {t.uploadChoose}
            </button>
            <p className="text-zinc-600">{t.uploadDrop}</p>
            <input
              ref={input}
              type="file"
              multiple
              accept={ACCEPT_ATTR}
              className="sr-only"
              data-testid="upload-input"
              aria-label={t.uploadButton}
              onChange={(e) => {
                void sendAll(e.target.files);
                e.target.value = '';
              }}
            />
            <p className="text-xs text-zinc-500">{fill(t.uploadLeft, { files: panel.files_left, bytes: formatBytes(panel.bytes_left), max: formatBytes(panel.max_file_bytes) })}</p>
            <p className="text-xs text-zinc-500">{t.uploadReview}</p>
          </div>
        ) : panel.enabled ? (
          <div className="text-sm text-zinc-700">
            <p>{t.uploadFoldersIntro}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {panel.folders.map((f) => (
                <li key={f.id}>
                  <a href={`/view/${slug}?folder=${f.id}#uploads`} className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-200 hover:bg-zinc-50">
                    <FolderUp className="h-4 w-4" aria-hidden />
                    {f.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {sending.length > 0 && (
          <ul className="space-y-2" aria-live="polite">
            {sending.map((s) => (
              <li key={s.key} className="rounded-lg bg-white p-3 ring-1 ring-zinc-200" data-testid="upload-progress" data-state={s.state}>
                <p className="truncate text-sm font-medium text-zinc-900">{s.name}</p>
                {s.state === 'sending' ? (
                  <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(s.progress * 100)} aria-label={s.name}>
                    <div className="h-full rounded-full transition-[width]" style={{ width: `${Math.max(4, s.progress * 100)}%`, background: 'var(--viewer-brand)' }} />
                  </div>
                ) : (
                  <p className={cn('mt-1 text-sm', s.state === 'done' ? 'text-emerald-700' : 'text-red-700')} role={s.state === 'failed' ? 'alert' : 'status'}>
                    {s.message}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}

        {panel.verified && (
          <section aria-label={t.uploadMine}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t.uploadMine}</h3>
            {panel.mine.length ? (
              <ul className="space-y-2" data-testid="my-uploads">
                {panel.mine.map((u) => {
                  const s = STATUS[u.status];
                  return (
                    <li key={u.id} className="rounded-lg bg-white p-3 ring-1 ring-zinc-200" data-testid="my-upload" data-status={u.status}>
                      <div className="flex items-start justify-between gap-3">
                        <p className="min-w-0 truncate text-sm font-medium text-zinc-900">{u.name}</p>
                        <span className={cn('inline-flex shrink-0 items-center gap-1 text-xs font-medium', s.className)}>
                          <s.icon className="h-3.5 w-3.5" aria-hidden />
                          {u.status === 'pending' ? t.uploadPending : u.status === 'approved' ? t.uploadApproved : t.uploadRejected}
                        </span>
                      </div>
                      <p className="mt-0.5 text-xs text-zinc-500">
                        {formatBytes(u.size)} · {when(u.created)}
                      </p>
                      {u.status === 'rejected' && u.reason && <p className="mt-1.5 text-sm break-words whitespace-pre-wrap text-zinc-700">{fill(t.uploadReason, { reason: u.reason })}</p>}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-sm text-zinc-500">{t.uploadNoneMine}</p>
            )}
          </section>
        )}
      </div>
    </aside>
  );
}
