'use client';
// An Office document still being converted (issue 22): a card that asks the server again every
// few seconds (router.refresh: the server components re-render, no page reload) and so turns
// into the pages once the preview is ready.
import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** `everyMs` null: no asking (the dashboard's branding preview, which is not the viewer's page). */
export function PreviewPending({ name, text, everyMs = 3_000 }: { name: string; text: string; everyMs?: number | null }) {
  const router = useRouter();
  useEffect(() => {
    if (everyMs === null) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, everyMs);
    return () => clearInterval(t);
  }, [router, everyMs]);
  return (
    <div data-testid="preview-processing" aria-live="polite" className="flex flex-col items-center gap-3 py-6 text-center">
      <Loader2 className="h-8 w-8 animate-spin text-zinc-400" aria-hidden />
      <h2 className="text-base font-semibold break-words text-zinc-900">{name}</h2>
      <p className="max-w-sm text-sm text-zinc-600">{text}</p>
    </div>
  );
}
