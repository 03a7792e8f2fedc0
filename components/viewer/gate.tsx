// The gate pages: plain HTML forms that post to /view/{slug}/gate and come back with a 303, so
// they work without JavaScript. One gate at a time, in DESIGN.md's order; a refusal message
// never says which rule refused.
import type { CustomField } from '@/server/services/links/settings';
import type { ViewerAgreement } from '@/server/services/visitor/agreement';
import { AgreementStep } from './agreement';
import { BrandButton, ViewerCard } from './shell';
import { fill, type ViewerWords } from '@/lib/shared/viewer-words';

export type GateKind = 'email' | 'fields' | 'agreement' | 'password' | 'code';

export const input =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-inset focus:ring-[var(--viewer-brand)]';

export function ErrorNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid="gate-error" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
      {message}
    </p>
  );
}

export function errorMessage(t: ViewerWords, code: string | undefined, field: CustomField | undefined): string | null {
  switch (code) {
    case 'email_invalid':
    case 'password_wrong':
    case 'code_wrong':
    case 'code_expired':
    case 'rate_limited':
    case 'denied':
    case 'message_invalid':
    case 'agreement_unchecked':
    case 'agreement_name':
      return t[`err_${code}`];
    case 'field_invalid':
      return fill(t.err_field_invalid, { label: field?.label ?? '' });
    default:
      return null;
  }
}

/** The one-time code's input (the code gate and the access request's code step). */
export function CodeField({ t }: { t: ViewerWords }) {
  return (
    <label className="mb-4 block">
      <span className="mb-1 block text-sm font-medium text-zinc-800">{t.codeLabel}</span>
      <input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        autoFocus
        className={`${input} text-center font-mono text-lg tracking-[0.4em]`}
      />
    </label>
  );
}

function FieldInput({ f, t }: { f: CustomField; t: ViewerWords }) {
  const name = `field_${f.identifier}`;
  const id = `f-${f.identifier}`;
  const label = (
    <span className="mb-1 block text-sm font-medium text-zinc-800">
      {f.label} {!f.required ? <span className="font-normal text-zinc-400">({t.optional})</span> : null}
    </span>
  );
  if (f.type === 'checkbox') {
    return (
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-zinc-800">
        <input id={id} name={name} type="checkbox" required={f.required} className="mt-0.5 h-4 w-4 rounded border-zinc-300" />
        <span>
          {f.label} {!f.required ? <span className="text-zinc-400">({t.optional})</span> : null}
        </span>
      </label>
    );
  }
  if (f.type === 'select') {
    return (
      <label htmlFor={id} className="block">
        {label}
        <select id={id} name={name} required={f.required} className={input} defaultValue="">
          <option value="" disabled={f.required}>
            {f.placeholder ?? t.choose}
          </option>
          {f.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (f.type === 'long_text') {
    return (
      <label htmlFor={id} className="block">
        {label}
        <textarea id={id} name={name} required={f.required} placeholder={f.placeholder ?? undefined} rows={4} maxLength={5000} className={input} />
      </label>
    );
  }
  const type = { text: 'text', email: 'email', number: 'number', phone: 'tel', url: 'url' }[f.type] ?? 'text';
  return (
    <label htmlFor={id} className="block">
      {label}
      <input id={id} name={name} type={type} step={f.type === 'number' ? 'any' : undefined} required={f.required} placeholder={f.placeholder ?? undefined} className={input} />
    </label>
  );
}

export function GateForm({
  slug,
  gate,
  t,
  error,
  welcome,
  title,
  email,
  fields,
  requestAccess = false,
  agreement,
}: {
  slug: string;
  gate: GateKind;
  t: ViewerWords;
  error: string | null;
  welcome: string | null;
  title: string | null;
  email: string | null;
  fields: CustomField[];
  /** The link takes access requests: offered where a refused visitor ends up. */
  requestAccess?: boolean;
  agreement?: ViewerAgreement | null;
}) {
  const action = `/view/${slug}/gate`;
  const requestHref = `/view/${slug}?r=form`;
  return (
    <ViewerCard className={gate === 'agreement' ? 'max-w-2xl' : undefined}>
      {title ? <p className="mb-1 text-xs font-medium uppercase tracking-wide text-zinc-400">{title}</p> : null}
      {welcome ? (
        <p data-testid="viewer-welcome" className="mb-5 text-sm whitespace-pre-line text-zinc-600">
          {welcome}
        </p>
      ) : null}
      {gate === 'email' ? (
        <form method="post" action={action} data-testid="gate-email">
          <h2 className="mb-4 text-lg font-semibold text-zinc-900">{t.emailTitle}</h2>
          <ErrorNote message={error} />
          {requestAccess && error === t.err_denied ? (
            <a href={requestHref} data-testid="request-access" className="mb-4 inline-flex h-10 w-full items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-inset ring-zinc-300 hover:bg-zinc-50" style={{ color: 'var(--viewer-brand)' }}>
              {t.requestAccess}
            </a>
          ) : null}
          <input type="hidden" name="step" value="email" />
          <label className="mb-4 block">
            <span className="mb-1 block text-sm font-medium text-zinc-800">{t.emailLabel}</span>
            <input name="email" type="email" required autoComplete="email" autoFocus placeholder={t.emailPlaceholder} className={input} />
          </label>
          <BrandButton>{t.continue}</BrandButton>
        </form>
      ) : null}
      {gate === 'fields' ? (
        <form method="post" action={action} data-testid="gate-fields">
          <h2 className="mb-4 text-lg font-semibold text-zinc-900">{t.fieldsTitle}</h2>
          <ErrorNote message={error} />
          <input type="hidden" name="step" value="fields" />
          <div className="mb-5 space-y-4">
            {fields.map((f) => (
              <FieldInput key={f.identifier} f={f} t={t} />
            ))}
          </div>
          <BrandButton>{t.continue}</BrandButton>
        </form>
      ) : null}
      {gate === 'agreement' && agreement ? (
        <AgreementStep agreement={agreement} t={t} action={action} pageSrc={(n) => `/view/${slug}/agreement/pages/${n}?w=900`} error={<ErrorNote message={error} />} />
      ) : null}
      {gate === 'password' ? (
        <form method="post" action={action} data-testid="gate-password">
          <h2 className="mb-4 text-lg font-semibold text-zinc-900">{t.passwordTitle}</h2>
          <ErrorNote message={error} />
          <input type="hidden" name="step" value="password" />
          <label className="mb-4 block">
            <span className="mb-1 block text-sm font-medium text-zinc-800">{t.passwordLabel}</span>
            <input name="password" type="password" required autoComplete="current-password" autoFocus className={input} />
          </label>
          <BrandButton>{t.continue}</BrandButton>
        </form>
      ) : null}
      {gate === 'code' ? (
        <div data-testid="gate-code">
          <form method="post" action={action}>
            <h2 className="mb-2 text-lg font-semibold text-zinc-900">{t.codeTitle}</h2>
            <p className="mb-4 text-sm text-zinc-600">{fill(t.codeSent, { email: email ?? '' })}</p>
            <ErrorNote message={error} />
            <input type="hidden" name="step" value="code" />
            <CodeField t={t} />
            <BrandButton>{t.verify}</BrandButton>
          </form>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
            <form method="post" action={action}>
              <input type="hidden" name="step" value="resend" />
              <button type="submit" className="font-medium underline-offset-2 hover:underline" style={{ color: 'var(--viewer-brand)' }}>
                {t.resend}
              </button>
            </form>
            <form method="post" action={action}>
              <input type="hidden" name="step" value="reset" />
              <button type="submit" className="text-zinc-500 underline-offset-2 hover:underline">
                {t.useOtherEmail}
              </button>
            </form>
          </div>
          {/* Shown to every visitor at this step: a refused address is never mailed a code, and is never told so. */}
          {requestAccess ? (
            <a href={requestHref} data-testid="request-access" className="mt-4 block text-center text-sm text-zinc-500 underline-offset-2 hover:underline">
              {t.requestNoCode}
            </a>
          ) : null}
        </div>
      ) : null}
      {email && gate !== 'code' && gate !== 'email' ? (
        <form method="post" action={action} className="mt-4 text-center text-xs text-zinc-500">
          <input type="hidden" name="step" value="reset" />
          {fill(t.signedInAs, { email })} ·{' '}
          <button type="submit" className="underline-offset-2 hover:underline">
            {t.useOtherEmail}
          </button>
        </form>
      ) : null}
    </ViewerCard>
  );
}

/** Not found, expired, or a refusal with nothing to try: a notice in the link's branding. */
export function ViewerNotice({ title, body, testId, action }: { title: string; body: string; testId: string; action?: { href: string; label: string } }) {
  return (
    <ViewerCard className="text-center">
      <h2 data-testid={testId} className="mb-2 text-lg font-semibold text-zinc-900">
        {title}
      </h2>
      <p className="text-sm text-zinc-600">{body}</p>
      {action ? (
        <a href={action.href} className="mt-5 inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold shadow-sm" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
          {action.label}
        </a>
      ) : null}
    </ViewerCard>
  );
}
