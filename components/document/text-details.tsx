'use client';
// A document's words in its Details card: whether they are searchable yet (polled while being
// read), and the language they are stemmed in (changing it indexes them again at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleMinus, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Select } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { DOCUMENT_LANGUAGES, LANGUAGE_NAMES, type DocumentLanguage } from '@/lib/shared/document-languages';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { Detail } from './detail';

function TextStatus({ status, error }: { status: string; error: string | null }) {
  switch (status) {
    case 'ready':
      return (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <CircleCheck className="h-4 w-4" aria-hidden /> Searchable
        </span>
      );
    case 'processing':
      return (
        <span className="inline-flex items-center gap-1.5 text-zinc-700">
          <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden /> Reading the text…
        </span>
      );
    case 'none':
      return (
        <>
          <span className="inline-flex items-center gap-1.5 text-zinc-700">
            <CircleMinus className="h-4 w-4 text-zinc-400" aria-hidden /> No text found
          </span>
          <span className="block text-xs text-zinc-500">Its pages have no text layer; scanned pages are read where the server has OCR. Its name is searchable.</span>
        </>
      );
    case 'failed':
      return (
        <>
          <span className="inline-flex items-center gap-1.5 text-red-700">
            <CircleAlert className="h-4 w-4" aria-hidden /> Could not be read
          </span>
          {error && <span className="block text-xs break-words text-zinc-500">{error}</span>}
        </>
      );
    default:
      return <span className="text-zinc-500">Only its name is searchable</span>;
  }
}

export function TextDetails({ doc, primary }: { doc: DocumentItem; primary: VersionItem | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  // The document page's own query, polled while the words are being read.
  const live = useQuery({
    ...trpc.documents.get.queryOptions({ id: doc.id }),
    initialData: doc,
    refetchInterval: (q) => (q.state.data?.text_status === 'processing' ? 2_000 : false),
  }).data;

  // When the status moves on, the versions (text_error, find's status) follow.
  const seen = useRef(live.text_status);
  useEffect(() => {
    if (seen.current === live.text_status) return;
    seen.current = live.text_status;
    void queryClient.invalidateQueries(trpc.documents.versions.pathFilter());
  }, [live.text_status, queryClient, trpc]);

  const update = useMutation(
    trpc.documents.update.mutationOptions({
      onSuccess: (d) => {
        queryClient.setQueryData(trpc.documents.get.queryKey({ id: d.id }), d);
        void queryClient.invalidateQueries({ queryKey: ['quire', 'find', d.id] });
        void queryClient.invalidateQueries(trpc.documents.pageHighlights.pathFilter());
        notify(`Words are now matched as ${LANGUAGE_NAMES[d.language]}.`);
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );

  return (
    <>
      <Detail label="Text">
        <span data-testid="text-status" data-status={live.text_status}>
          <TextStatus status={live.text_status} error={primary?.text_error ?? null} />
        </span>
      </Detail>
      {live.text_status !== 'unavailable' && (
        <Detail label="Language">
          <Select
            aria-label="Language of the document’s words"
            className="h-8 py-1"
            value={update.isPending ? update.variables.language : live.language}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: doc.id, language: e.target.value as DocumentLanguage })}
          >
            {DOCUMENT_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </Select>
          <span className="mt-1 block text-xs text-zinc-500">Search matches word forms in this language (signed finds signing).</span>
        </Detail>
      )}
    </>
  );
}
