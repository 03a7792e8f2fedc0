// "Request access" for a visitor the link refused (links with allow_access_requests): the email and
// an optional message, then the one-time code, then "Request sent". Plain HTML forms posting to
// /view/{slug}/gate like the gates, so they work without JavaScript. Every address sees the same
// answers: nothing here tells whether an address could already enter.
import type { ReactNode } from 'react';
import { CodeField, ErrorNote, input } from './gate';
import { BrandButton, ViewerCard } from './shell';
import type { ViewerWords } from '@/lib/shared/viewer-words';

/** One step's form: its title, its intro, the error if any, then the fields. */
function StepForm({ slug, step, testId, t, intro, error, children }: { slug: string; step: string; testId: string; t: ViewerWords; intro: string; error: string | null; children: ReactNode }) {
  return (
    <form method="post" action={`/view/${slug}/gate`} data-testid={testId}>
      <h2 className="mb-2 text-lg font-semibold text-zinc-900">{t.requestAccess}</h2>
      <p className="mb-4 text-sm text-zinc-600">{intro}</p>
      <ErrorNote message={error} />
      <input type="hidden" name="step" value={step} />
      {children}
    </form>
  );
}

/** `email`: the address the visitor already gave (the session's, or the one just refused), offered again. */
export function AccessRequestForm({ slug, stage, t, error, email = null }: { slug: string; stage: 'form' | 'code' | 'sent'; t: ViewerWords; error: string | null; email?: string | null }) {
  if (stage === 'sent') {
    return (
      <ViewerCard className="text-center">
        <h2 data-testid="request-sent" className="mb-2 text-lg font-semibold text-zinc-900">
          {t.requestSentTitle}
        </h2>
        <p className="text-sm text-zinc-600">{t.requestSentBody}</p>
      </ViewerCard>
    );
  }
  if (stage === 'code') {
    return (
      <ViewerCard>
        <StepForm slug={slug} step="request_code" testId="request-code" t={t} intro={t.requestCodeIntro} error={error}>
          <CodeField t={t} />
          <BrandButton>{t.verify}</BrandButton>
        </StepForm>
        <a href={`/view/${slug}?r=form`} className="mt-4 block text-center text-sm text-zinc-500 underline-offset-2 hover:underline">
          {t.useOtherEmail}
        </a>
      </ViewerCard>
    );
  }
  return (
    <ViewerCard>
      <StepForm slug={slug} step="request" testId="request-form" t={t} intro={t.requestIntro} error={error}>
        <label className="mb-4 block">
          <span className="mb-1 block text-sm font-medium text-zinc-800">{t.emailLabel}</span>
          <input name="email" type="email" required autoComplete="email" autoFocus={!email} defaultValue={email ?? undefined} placeholder={t.emailPlaceholder} className={input} />
        </label>
        <label className="mb-4 block">
          <span className="mb-1 block text-sm font-medium text-zinc-800">
            {t.requestMessageLabel} <span className="font-normal text-zinc-400">({t.optional})</span>
          </span>
          <textarea name="message" rows={4} maxLength={2000} autoFocus={!!email} className={input} />
        </label>
        <BrandButton>{t.continue}</BrandButton>
      </StepForm>
    </ViewerCard>
  );
}
