// What `/view/{slug}` shows before the visitor is admitted, decided once for both servers that
// render it: Next (app/(viewer)/view/[slug]/page.tsx) and, for requests without a session cookie
// on `npm start`, the node:http fast path (server/viewer/fast-page.tsx). Plain server
// components: nothing here needs Next.
import type { ReactNode } from 'react';
import { errorMessage, GateForm, ViewerNotice } from '../../components/viewer/gate';
import { ViewerShell } from '../../components/viewer/shell';
import { pendingGate, type GateStep } from '../services/visitor/gates';
import type { ViewerLink } from '../services/visitor/links';
import type { ViewerPage } from './page-data';
import { COOKIE_SET_PARAM, refusedEmail } from './session';
import type { RequestStage } from '../services/access-requests/visitor';
import { AccessRequestForm } from '../../components/viewer/access-request';

export type SearchParams = Record<string, string | string[] | undefined>;

export const firstOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** The welcome message: the link's own overrides the brand's. */
export const welcomeOf = (page: ViewerPage, link: ViewerLink) => link.welcomeMessage ?? page.branding?.welcome_message ?? null;

export type PageOutcome =
  | { kind: 'not_found' }
  | { kind: 'expired' }
  /** The link's (or its room's) IP allow list leaves this address out. */
  | { kind: 'ip_refused' }
  /** The session cookie just set did not come back: the browser blocks cookies. */
  | { kind: 'cookies' }
  /** Entering was refused by a rate limit (too many new visitors from this address): a notice, not another round through /enter. */
  | { kind: 'busy' }
  | { kind: 'redirect'; to: string }
  | { kind: 'gate'; gate: GateStep }
  /** "Request access" on a link that allows it: the form, the code, or "Request sent". */
  | { kind: 'request'; stage: RequestStage }
  | { kind: 'admitted' };

export function pageOutcome(page: ViewerPage, slug: string, sp: SearchParams): PageOutcome {
  const { ctx } = page;
  if (ctx.state.state === 'not_found') return { kind: 'not_found' };
  if (ctx.ipRefused) return { kind: 'ip_refused' };
  if (ctx.state.state === 'expired') return { kind: 'expired' };
  // The answer that set the session cookie sent the browser here with ?s=1: without the cookie
  // back, the browser blocks cookies (and a link without gates would loop through /enter).
  if (firstOf(sp[COOKIE_SET_PARAM]) === '1') {
    if (!ctx.state.session) return { kind: 'cookies' };
    const rest = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (k === COOKIE_SET_PARAM || v === undefined ? [] : [[k, firstOf(v)]])));
    return { kind: 'redirect', to: `/view/${slug}${rest.size ? `?${rest}` : ''}` };
  }
  if (ctx.actor) return { kind: 'admitted' };
  const r = firstOf(sp.r);
  if (ctx.state.link.allowAccessRequests && (r === 'form' || r === 'code' || r === 'sent')) return { kind: 'request', stage: r };
  const gate = pendingGate(ctx.state.link, ctx.state.session);
  if (!gate && firstOf(sp.e) === 'rate_limited') return { kind: 'busy' };
  // Nothing left to ask (no gates, or settings changed since): the enter route decides.
  return gate ? { kind: 'gate', gate } : { kind: 'redirect', to: `/view/${slug}/enter` };
}

export function Shell({ page, title, children, wide }: { page: ViewerPage; title?: string | null; children: ReactNode; wide?: boolean }) {
  const link = page.ctx.state.state === 'not_found' ? null : page.ctx.state.link;
  return (
    <ViewerShell
      branding={page.branding!}
      showBanner={link?.showBanner ?? false}
      words={page.words.t}
      lang={page.words.lang}
      title={title}
      viewerEmail={page.ctx.actor?.email ?? null}
      wide={wide}
    >
      {children}
    </ViewerShell>
  );
}

/** The page of an outcome that is a notice or a gate (expired, cookies blocked, a gate form). */
export function UnadmittedPage({ page, outcome, slug, name, sp }: { page: ViewerPage; outcome: PageOutcome; slug: string; name: string | null; sp: SearchParams }) {
  const { t } = page.words;
  if (page.ctx.state.state === 'not_found') return null;
  const link = page.ctx.state.link;
  let body: ReactNode = null;
  if (outcome.kind === 'expired') body = <ViewerNotice title={t.expiredTitle} body={t.expiredBody} testId="link-expired" />;
  else if (outcome.kind === 'ip_refused') body = <ViewerNotice title={t.ipRefusedTitle} body={t.ipRefusedBody} testId="link-ip-refused" />;
  else if (outcome.kind === 'cookies')
    body = <ViewerNotice title={t.cookiesTitle} body={t.cookiesBody} testId="cookies-blocked" action={{ href: `/view/${slug}`, label: t.tryAgain }} />;
  else if (outcome.kind === 'busy')
    body = <ViewerNotice title={t.tryAgain} body={t.err_rate_limited} testId="entry-rate-limited" action={{ href: `/view/${slug}`, label: t.tryAgain }} />;
  else if (outcome.kind === 'request') {
    const given = (page.ctx.state.state === 'live' ? page.ctx.state.session?.email : null) ?? refusedEmail(page.ctx.cookie);
    body = <AccessRequestForm slug={slug} stage={outcome.stage} t={t} error={errorMessage(t, firstOf(sp.e), undefined)} email={given} />;
  }
  else if (outcome.kind === 'gate') {
    const field = link.customFields.find((f) => f.identifier === firstOf(sp.f));
    body = (
      <GateForm
        slug={slug}
        gate={outcome.gate}
        t={t}
        error={errorMessage(t, firstOf(sp.e), field)}
        welcome={welcomeOf(page, link)}
        title={null}
        email={page.ctx.state.state === 'live' ? (page.ctx.state.session?.email ?? null) : null}
        fields={link.customFields}
        requestAccess={link.allowAccessRequests}
        agreement={page.agreement}
      />
    );
  }
  return (
    <Shell page={page} title={name}>
      {body}
    </Shell>
  );
}
