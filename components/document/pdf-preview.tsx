'use client';
// Renders a PDF in the browser with pdf.js: pages are laid out at once (so the scrollbar is
// right) and drawn when they come near the viewport. The worker is bundled, never fetched from
// a CDN. Find in the document lays its marks over the pages (`marks`) and brings a page into view.
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Spinner } from '@/components/ui/spinner';

/** What find lays over the pages: a page's marks (drawn only once the page is near the view), and the page to show. */
export type PageMarks = { render: (page: number) => ReactNode; goTo: { page: number; seq: number } | null };

/**
 * Brings `el` into view inside the preview's own scroller when it scrolls (wide screens), leaving
 * the window where it is; else (phones, images) the window scrolls.
 */
export function reveal(el: Element, where: 'start' | 'center') {
  const scroller = el.closest<HTMLElement>('[data-testid="pdf-preview"]');
  if (scroller && scroller.scrollHeight > scroller.clientHeight) {
    const r = el.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    const offset = where === 'center' ? (s.height - r.height) / 2 : 16;
    scroller.scrollTo({ top: scroller.scrollTop + r.top - s.top - offset, behavior: 'smooth' });
  } else {
    el.scrollIntoView({ block: where, behavior: 'smooth' });
  }
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; pdf: PDFDocumentProxy; ratio: number };

let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | null = null;

function loadPdfjs() {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    return pdfjs;
  });
  return pdfjsPromise;
}

export function PdfPreview({ url, title, marks }: { url: string; title: string; marks?: PageMarks }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let pdf: PDFDocumentProxy | null = null;
    setState({ status: 'loading' });
    (async () => {
      try {
        const pdfjs = await loadPdfjs();
        const res = await fetch(url, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(res.status === 404 ? 'The file of this version could not be found.' : `The file could not be loaded (HTTP ${res.status}).`);
        const data = new Uint8Array(await res.arrayBuffer());
        pdf = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
        const first = await pdf.getPage(1);
        const vp = first.getViewport({ scale: 1 });
        if (!cancelled) setState({ status: 'ready', pdf, ratio: vp.height / vp.width });
      } catch (e) {
        if (!cancelled) setState({ status: 'error', message: e instanceof Error && e.message ? e.message : 'This PDF could not be displayed.' });
      }
    })();
    return () => {
      cancelled = true;
      void pdf?.destroy();
    };
  }, [url]);

  if (state.status === 'loading') {
    return (
      <div className="flex aspect-[3/4] items-center justify-center rounded-lg bg-zinc-100 text-zinc-400">
        <Spinner label="Loading preview" className="h-6 w-6" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="flex aspect-[3/4] flex-col items-center justify-center gap-2 rounded-lg bg-zinc-100 px-6 text-center text-sm text-zinc-600">
        <CircleAlert className="h-6 w-6 text-zinc-400" aria-hidden />
        <p className="font-medium text-zinc-800">Preview unavailable</p>
        <p>{state.message}</p>
      </div>
    );
  }
  return <Pages pdf={state.pdf} ratio={state.ratio} title={title} marks={marks} />;
}

/** The scrolling viewer; on wide screens it keeps to the window height and scrolls inside. */
function Pages({ pdf, ratio, title, marks }: { pdf: PDFDocumentProxy; ratio: number; title: string; marks?: PageMarks }) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  return (
    <div
      ref={setScroller}
      role="document"
      aria-label={`Preview of ${title}, ${pdf.numPages} page${pdf.numPages === 1 ? '' : 's'}`}
      data-testid="pdf-preview"
      className="rounded-xl bg-zinc-200/60 p-3 ring-1 ring-zinc-200 sm:p-5 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto"
    >
      <div className="mx-auto max-w-3xl space-y-4">
        {Array.from({ length: pdf.numPages }, (_, i) => (
          <PdfPage key={i} pdf={pdf} number={i + 1} ratio={ratio} root={scroller} marks={marks} />
        ))}
      </div>
    </div>
  );
}

function PdfPage({ pdf, number, ratio, root, marks }: { pdf: PDFDocumentProxy; number: number; ratio: number; root: HTMLElement | null; marks?: PageMarks }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(number <= 2);
  const [drawn, setDrawn] = useState(false);

  const target = marks?.goTo?.page === number ? marks.goTo.seq : null;
  useEffect(() => {
    if (target === null || !box.current) return;
    setVisible(true);
    reveal(box.current, 'start');
  }, [target]);

  useEffect(() => {
    if (visible || !box.current) return;
    // The scroller is the root when it scrolls (wide screens), so pages just below its edge
    // are drawn ahead; on phones the page itself scrolls.
    const scrolls = root && root.scrollHeight > root.clientHeight;
    const io = new IntersectionObserver((e) => e[0]?.isIntersecting && setVisible(true), { root: scrolls ? root : null, rootMargin: '600px' });
    io.observe(box.current);
    return () => io.disconnect();
  }, [visible, root]);

  useEffect(() => {
    if (!visible || !canvas.current || !box.current) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    (async () => {
      const page = await pdf.getPage(number);
      if (cancelled || !canvas.current || !box.current) return;
      const width = box.current.clientWidth;
      const base = page.getViewport({ scale: 1 });
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (width / base.width) * dpr });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      task = page.render({ canvas: c, viewport });
      await task.promise.catch(() => {});
      if (!cancelled) setDrawn(true);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [visible, pdf, number]);

  return (
    <div ref={box} className="relative scroll-mt-32 overflow-hidden rounded-md bg-white shadow-sm ring-1 ring-zinc-200 lg:scroll-mt-4" style={{ aspectRatio: `${1 / ratio}` }} data-page={number}>
      <canvas ref={canvas} className="block h-full w-full" aria-label={`Page ${number}`} data-testid="pdf-page" data-drawn={drawn || undefined} />
      {!drawn && <div className="absolute inset-0 animate-pulse bg-zinc-100" />}
      {visible && marks?.render(number)}
      <span className="absolute right-2 bottom-2 rounded bg-zinc-900/60 px-1.5 py-0.5 text-[11px] text-white tabular-nums">{number}</span>
    </div>
  );
}
