'use client';
// The agreement step exactly as a visitor sees it: the viewer's own AgreementStep inside the
// viewer's frame, in the team's default brand colour and language, redrawn on every keystroke.
// It is inert (nothing in it can be clicked or submitted). Terms in a document show its pages.
import { useQuery } from '@tanstack/react-query';
import { SERVICE_IMAGES } from '@/components/branding/model';
import { DocumentPreview } from '@/components/document/document-preview';
import { AgreementStep } from '@/components/viewer/agreement';
import { ViewerCard, ViewerShell } from '@/components/viewer/shell';
import { SERVICE_COLOR } from '@/lib/shared/branding-fields';
import { viewerWords } from '@/lib/shared/viewer-words';
import { useVersionPages } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem } from '@/lib/trpc/types';
import type { AgreementDraft } from './model';

export function AgreementPreview({ draft, document }: { draft: AgreementDraft; document: DocumentItem | null }) {
  const trpc = useTRPC();
  // The team's default brand gives the colour and the language; without one, Quire's own.
  const brands = useQuery({ ...trpc.brands.list.queryOptions({}), staleTime: 60_000 });
  const brand = brands.data?.data.find((b) => b.is_default) ?? null;
  const words = viewerWords(brand?.default_language ?? 'en');
  const agreement = {
    name: draft.name.trim() || 'Untitled agreement',
    contentType: draft.content_type,
    text: draft.content_type === 'text' ? draft.text : null,
    url: draft.content_type === 'url' ? draft.url : null,
    document: null,
    requireName: draft.require_name,
  };
  // The document's own pages, drawn as on its page in the library (the visitor's come from the
  // viewer's page images of the same file).
  const pages = document ? <AgreementDocument document={document} /> : null;
  return (
    <figure data-testid="agreement-preview" data-language={words.lang} className="min-w-0">
      <figcaption className="mb-2 text-xs font-medium text-zinc-500">What visitors see</figcaption>
      <div className="overflow-hidden rounded-xl ring-1 ring-zinc-200">
        <div inert className="pointer-events-none max-h-[36rem] overflow-hidden select-none [&_.min-h-dvh]:min-h-0">
          <ViewerShell
            branding={{
              brand_color: brand?.brand_color ?? SERVICE_COLOR,
              logo_url: brand?.hide_logo ? null : (brand?.logo?.url ?? SERVICE_IMAGES.logo),
              banner_url: null,
              cta_label: null,
              cta_url: null,
              viewer_header_style: brand?.viewer_header_style ?? 'solid',
              viewer_layout_preset: 'compact',
            }}
            showBanner={false}
            words={words.t}
            lang={words.lang}
            title="Shared document"
          >
            <ViewerCard className="mt-0 max-w-2xl p-5 sm:mt-0 sm:p-6">
              <AgreementStep agreement={agreement} t={words.t} action={null} pageSrc={null} error={null} documentSlot={pages} />
            </ViewerCard>
          </ViewerShell>
        </div>
      </div>
    </figure>
  );
}

function AgreementDocument({ document }: { document: DocumentItem }) {
  const versions = useVersionPages(document.id);
  const primary = versions.data?.pages.flatMap((p) => p.data).find((v) => v.is_primary) ?? null;
  return (
    <div data-testid="agreement-document" className="mb-4 max-h-80 overflow-hidden rounded-lg bg-zinc-100 p-2 ring-1 ring-zinc-200">
      <DocumentPreview doc={document} version={primary} loading={versions.isPending} />
    </div>
  );
}
