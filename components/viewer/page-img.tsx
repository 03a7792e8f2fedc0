'use client';
// A page image (or thumbnail) that still arrives when the server is busy drawing: the page-image
// route answers 503 (the render pool is full) or 429 (this visitor or address has enough pages
// being drawn) with Retry-After. An <img> cannot read a status, so after a failed load the URL
// is fetched once to learn why; on a busy answer the image is asked for again after Retry-After
// seconds (a fresh URL, so the browser does not reuse the failure). Any other failure (the
// session ended, the page is gone) stays a broken image, as before.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Busy answers in a row after which the image is left as it is. */
const MAX_RETRIES = 30;

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'onLoad'> & {
  src: string;
  /** The image is showing (also when it loaded before React hydrated). */
  onReady?: (img: HTMLImageElement) => void;
  /** The image will not arrive (a failure other than "busy", or too many busy answers). */
  onFailed?: () => void;
};

export function PageImg({ src, srcSet, onReady, onFailed, ...rest }: Props) {
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const asking = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const retry = useCallback(async () => {
    if (asking.current) return;
    if (attempt >= MAX_RETRIES) return onFailed?.();
    asking.current = true;
    let wait: number | null = null;
    try {
      // With a srcset the browser chose one of its URLs: ask for that one.
      const r = await fetch(ref.current?.currentSrc || src, { cache: 'no-store', credentials: 'same-origin' });
      if (r.status === 503 || r.status === 429) wait = Math.min(30, Math.max(1, Number(r.headers.get('retry-after')) || 1));
      else if (r.ok) wait = 0; // drawn meanwhile: load it now
      await r.body?.cancel().catch(() => {});
    } catch {
      wait = 2; // the network blinked
    } finally {
      asking.current = false;
    }
    if (wait === null) return onFailed?.();
    timer.current = window.setTimeout(() => setAttempt((a) => a + 1), wait * 1000);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, attempt]);

  // The server-rendered image may have failed before React was listening for its error.
  useEffect(() => {
    const img = ref.current;
    if (!img || !img.complete || !img.getAttribute('src')) return;
    if (img.naturalWidth > 0) onReady?.(img);
    else if (rest.loading !== 'lazy') void retry();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fresh = (u: string) => (attempt ? `${u}${u.includes('?') ? '&' : '?'}retry=${attempt}` : u);
  const set = srcSet?.split(', ').map((c) => { const [u, w] = c.split(' '); return `${fresh(u!)} ${w}`; }).join(', ');
  // sizes and srcset before src: React sets attributes in this order, and a src set first would start a download of its own.
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
  return <img ref={ref} {...rest} srcSet={set} src={fresh(src)} onLoad={(e) => onReady?.(e.currentTarget)} onError={() => void retry()} />;
}
