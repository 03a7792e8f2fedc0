// The agreement step: the terms (markdown shown without any HTML, a document as its pages, a URL
// as a link opening in a new tab), "I agree" and the full name when required. A plain HTML form
// posting to the gate route; the dashboard's preview renders the same component without a form
// target (`action` null).
import Markdown from 'react-markdown';
import { ExternalLink } from 'lucide-react';
import type { ViewerAgreement } from '@/server/services/visitor/agreement';
import type { ViewerWords } from '@/lib/shared/viewer-words';
import { BrandButton } from './shell';

const input =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-inset focus:ring-[var(--viewer-brand)]';

/** Markdown without raw HTML (react-markdown never renders it) or images; links open in a new tab. */
export function AgreementMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      disallowedElements={['img']}
      unwrapDisallowed
      components={{
        a: ({ href, children }) => (
          <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2" style={{ color: 'var(--viewer-brand)' }}>
            {children}
          </a>
        ),
      }}
    >
      {text}
    </Markdown>
  );
}

function Terms({ agreement, pageSrc, t, documentSlot }: { agreement: ViewerAgreement; pageSrc: ((page: number) => string) | null; t: ViewerWords; documentSlot?: React.ReactNode }) {
  if (agreement.contentType === 'document' && documentSlot) return documentSlot;
  if (agreement.contentType === 'text' && agreement.text) {
    return (
      <div
        data-testid="agreement-terms"
        tabIndex={0}
        className="agreement-prose mb-4 max-h-[50dvh] overflow-y-auto rounded-lg bg-zinc-50 px-4 py-3 text-sm leading-relaxed text-zinc-700 ring-1 ring-zinc-200 [&_h1]:mb-2 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mb-2 [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:mb-2 [&_ol]:list-decimal [&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc"
      >
        <AgreementMarkdown text={agreement.text} />
      </div>
    );
  }
  if (agreement.contentType === 'url' && agreement.url) {
    return (
      <a
        data-testid="agreement-url"
        href={agreement.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mb-4 flex items-center justify-between gap-3 rounded-lg bg-zinc-50 px-4 py-3 text-sm font-medium ring-1 ring-zinc-200 hover:bg-zinc-100"
        style={{ color: 'var(--viewer-brand)' }}
      >
        <span className="min-w-0 truncate">{t.agreementOpenTerms}</span>
        <span className="flex shrink-0 items-center gap-1 text-xs font-normal text-zinc-500">
          {t.agreementNewTab} <ExternalLink aria-hidden className="h-3.5 w-3.5" />
        </span>
      </a>
    );
  }
  if (agreement.contentType === 'document' && agreement.document && pageSrc) {
    const d = agreement.document;
    return (
      <div data-testid="agreement-document" tabIndex={0} className="mb-4 max-h-[60dvh] space-y-3 overflow-y-auto rounded-lg bg-zinc-100 p-2 ring-1 ring-zinc-200">
        {Array.from({ length: d.numPages }, (_, i) => (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            key={i}
            src={pageSrc(i + 1)}
            alt={`${t.page} ${i + 1}`}
            loading={i < 2 ? 'eager' : 'lazy'}
            width={d.pageWidth ?? undefined}
            height={d.pageHeight ?? undefined}
            className="mx-auto h-auto w-full bg-white shadow-sm"
          />
        ))}
      </div>
    );
  }
  return <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">{t.agreementUnavailable}</p>;
}

export function AgreementStep({
  agreement,
  t,
  action,
  pageSrc,
  error,
  documentSlot,
}: {
  agreement: ViewerAgreement;
  t: ViewerWords;
  /** The gate route; null in the dashboard's preview (the form goes nowhere). */
  action: string | null;
  pageSrc: ((page: number) => string) | null;
  error: React.ReactNode;
  /** The dashboard's preview: what stands for a document's pages (it has no viewer session to load them with). */
  documentSlot?: React.ReactNode;
}) {
  return (
    <form method="post" action={action ?? undefined} data-testid="gate-agreement">
      <h2 className="mb-1 text-lg font-semibold text-zinc-900">{t.agreementTitle}</h2>
      <p className="mb-4 text-sm text-zinc-600">
        {t.agreementIntro} <span className="font-medium text-zinc-800">{agreement.name}</span>
      </p>
      {error}
      <input type="hidden" name="step" value="agreement" />
      <Terms agreement={agreement} pageSrc={pageSrc} t={t} documentSlot={documentSlot} />
      {agreement.requireName ? (
        <label className="mb-4 block">
          <span className="mb-1 block text-sm font-medium text-zinc-800">{t.agreementName}</span>
          <input name="name" type="text" required minLength={2} maxLength={200} autoComplete="name" className={input} />
        </label>
      ) : null}
      <label className="mb-5 flex items-start gap-2 text-sm text-zinc-800">
        <input name="agree" type="checkbox" value="on" required className="mt-0.5 h-4 w-4 shrink-0 rounded border-zinc-300" />
        <span>{t.agreementCheckbox}</span>
      </label>
      <BrandButton>{t.agreementAccept}</BrandButton>
    </form>
  );
}
