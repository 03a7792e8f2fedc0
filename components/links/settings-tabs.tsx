'use client';
// Every setting of a link or a preset, in five tabs: who gets in (access), what they may do with
// it (download, watermark), what they see (branding), what they are asked (custom fields) and
// how the link looks when pasted in a chat (social card). A tab with an error carries a dot.
import { useQuery } from '@tanstack/react-query';
import { Image as ImageIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useIdentity } from '@/components/shell/team-context';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useTRPC } from '@/lib/trpc/react';
import { CheckRow, ErrorText, SectionTitle } from './controls';
import { CustomFieldsEditor } from './custom-fields-editor';
import { FIELD_TAB, parseList, toLocalInput, type Draft, type Errors, type Tab } from './draft';
import { WatermarkEditor } from './watermark-editor';
import { asksForEmail } from '@/lib/shared/link-settings';

const TABS: { id: Tab; label: string }[] = [
  { id: 'access', label: 'Access' },
  { id: 'protection', label: 'Download & watermark' },
  { id: 'branding', label: 'Branding' },
  { id: 'fields', label: 'Custom fields' },
  { id: 'social', label: 'Social card' },
];

export function tabOfFirstError(errors: Errors): Tab | null {
  for (const t of TABS) if (Object.keys(errors).some((k) => errors[k] && FIELD_TAB[k] === t.id)) return t.id;
  return null;
}

export function SettingsTabs({
  kind,
  draft,
  setDraft,
  errors,
  tab,
  onTab,
  groupLink = false,
}: {
  kind: 'link' | 'preset';
  draft: Draft;
  setDraft: (fn: (d: Draft) => Draft) => void;
  errors: Errors;
  tab: Tab;
  onTab: (t: Tab) => void;
  /** A group link: the group's permissions decide downloads. */
  groupLink?: boolean;
}) {
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const hasError = (t: Tab) => Object.keys(errors).some((k) => errors[k] && FIELD_TAB[k] === t);
  const onKey = (e: KeyboardEvent, i: number) => {
    const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const n = (to + TABS.length) % TABS.length;
    onTab(TABS[n]!.id);
    buttons.current[n]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Settings" className="sticky -top-5 z-10 -mx-5 mb-4 flex gap-1 overflow-x-auto border-b border-zinc-200 bg-white px-5 sm:-top-6 sm:-mx-6 sm:px-6">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            role="tab"
            type="button"
            id={`tab-${t.id}`}
            aria-controls={`panel-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onTab(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={cn(
              '-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              tab === t.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-zinc-500 hover:text-zinc-800',
            )}
          >
            {t.label}
            {hasError(t.id) && (
              <span className="h-1.5 w-1.5 rounded-full bg-red-500" aria-label="(has an error)" role="img" />
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="min-h-72">
        {tab === 'access' && <AccessPanel kind={kind} draft={draft} set={set} errors={errors} groupTarget={!!groupLink} />}
        {tab === 'protection' && (
          <div className="space-y-4">
            <CheckRow
              label="Allow downloading"
              description={
                groupLink
                  ? 'For a group link the group’s permissions decide what each visitor may download; this setting is not used.'
                  : 'Visitors may download the file (PDFs with the watermark burned in). Otherwise they only see rendered pages.'
              }
              disabled={groupLink}
              checked={draft.allow_download}
              onChange={(v) => set('allow_download', v)}
            />
            <ErrorText>{errors.allow_download}</ErrorText>
            <CheckRow
              label="Watermark"
              description="Drawn over every page on screen and burned into downloaded PDFs."
              checked={draft.watermark.enabled}
              onChange={(v) => set('watermark', { ...draft.watermark, enabled: v })}
            >
              <WatermarkEditor
                value={draft.watermark}
                onChange={(w) => set('watermark', w)}
                linkName={kind === 'link' ? draft.name.trim() : ''}
                sources={{
                  asksEmail: asksForEmail({
                    emailProtected: draft.email_protected,
                    emailAuthenticated: draft.email_authenticated,
                    allowList: parseList(draft.allow_list),
                    denyList: parseList(draft.deny_list),
                    groupDecides: !!groupLink,
                  }),
                  // A preset's links bring their own names.
                  linkName: kind === 'link' ? draft.name : undefined,
                }}
                onAskEmail={() => set('email_protected', true)}
                error={errors.watermark_config ?? errors['watermark_config.text']}
              />
            </CheckRow>
            {!draft.watermark.enabled && <ErrorText>{errors.watermark_config ?? errors['watermark_config.text']}</ErrorText>}
          </div>
        )}
        {tab === 'branding' && <BrandingPanel kind={kind} draft={draft} set={set} errors={errors} />}
        {tab === 'fields' && <CustomFieldsEditor value={draft.custom_fields} onChange={(f) => set('custom_fields', f)} error={errors.custom_fields} />}
        {tab === 'social' && <SocialPanel draft={draft} set={set} errors={errors} setDraft={setDraft} />}
      </div>
    </div>
  );
}

type PanelProps = { kind: 'link' | 'preset'; draft: Draft; set: <K extends keyof Draft>(k: K, v: Draft[K]) => void; errors: Errors; groupTarget?: boolean };

const QUICK_EXPIRY = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
];

/** The agreement (NDA) visitors accept after the email step; the team's agreements are made on the Agreements page (or through /v1). */
function AgreementPicker({ draft, set, errors }: Pick<PanelProps, 'draft' | 'set' | 'errors'>) {
  const trpc = useTRPC();
  const agreements = useQuery(trpc.agreements.list.queryOptions({}));
  const list = agreements.data?.data ?? [];
  return (
    <section className="space-y-2">
      <SectionTitle>Agreement</SectionTitle>
      <Field
        label="Terms visitors accept first"
        error={errors.agreement_id}
        hint={
          agreements.isError
            ? 'Agreements could not be loaded; the setting is kept.'
            : draft.agreement_id
              ? 'Asked after the email, before the password; a visitor who accepted this version is not asked again.'
              : list.length
                ? 'None: visitors are not asked to accept terms.'
                : (
                  <>
                    The team has no agreements yet:{' '}
                    <a href="/agreements" target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                      write one on the Agreements page
                    </a>
                    .
                  </>
                )
        }
      >
        {(p) => (
          <Select {...p} data-testid="agreement-picker" value={draft.agreement_id} onChange={(e) => set('agreement_id', e.target.value)} disabled={agreements.isPending}>
            <option value="">None</option>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
            {draft.agreement_id && !list.some((a) => a.id === draft.agreement_id) && !agreements.isPending && <option value={draft.agreement_id}>Unknown agreement</option>}
          </Select>
        )}
      </Field>
    </section>
  );
}

function AccessPanel({ kind, draft, set, errors, groupTarget = false }: PanelProps) {
  const allow = parseList(draft.allow_list).length;
  const deny = parseList(draft.deny_list).length;
  return (
    <div className="space-y-4">
      <section className="space-y-2">
        <SectionTitle>Who may open it</SectionTitle>
        <CheckRow
          label="Require an email address"
          description="Visitors give their email before they see anything; their views are recorded under it."
          checked={draft.email_protected || draft.email_authenticated}
          disabled={draft.email_authenticated}
          onChange={(v) => set('email_protected', v)}
        />
        <CheckRow
          label="Verify the email with a one-time code"
          description="A six-digit code is mailed to the address; only someone who can read that inbox gets in."
          checked={draft.email_authenticated}
          onChange={(v) => {
            set('email_authenticated', v);
            if (v) set('email_protected', true);
          }}
        />
        <ErrorText>{errors.email_protected ?? errors.email_authenticated}</ErrorText>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Allow only" hint={allow ? `${allow} ${allow === 1 ? 'entry' : 'entries'}` : 'Emails or domains, e.g. fund.example. Empty: anyone.'} error={errors.allow_list}>
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                invalid={p.invalid}
                value={draft.allow_list}
                onChange={(e) => {
                  set('allow_list', e.target.value);
                  // A list of who may enter means little unless visitors prove the address: turn
                  // the code on when the list starts (it can be turned off again, with the warning below).
                  if (!allow && parseList(e.target.value).length && !draft.email_authenticated) {
                    set('email_authenticated', true);
                    set('email_protected', true);
                  }
                }}
                placeholder={'ada@fund.example\nadvisors.example'}
              />
            )}
          </Field>
          <Field label="Block" hint={deny ? `${deny} ${deny === 1 ? 'entry' : 'entries'}` : 'Emails or domains that may never open it.'} error={errors.deny_list}>
            {(p) => (
              <Textarea {...p} rows={3} invalid={p.invalid} value={draft.deny_list} onChange={(e) => set('deny_list', e.target.value)} placeholder="competitor.example" />
            )}
          </Field>
        </div>
        {(allow > 0 || deny > 0) && !(draft.email_protected || draft.email_authenticated) && (
          <p className="text-xs text-zinc-500">Visitors will be asked for their email so the lists can be checked.</p>
        )}
        <CheckRow
          label="Let refused visitors request access"
          description="Someone not on the list (or not in the group) can ask, with a verified email and a message. You approve or deny from the link’s page."
          checked={draft.allow_access_requests}
          onChange={(v) => set('allow_access_requests', v)}
        />
        {(allow > 0 || groupTarget) && !draft.email_authenticated && (
          <p role="note" data-testid="unverified-warning" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
            Without the one-time code, anyone who types an address {groupTarget ? 'of the group' : 'on the list'} gets in: nothing checks that the
            visitor owns it, and the answer tells a stranger which addresses are allowed. Keep the code on unless every address is public knowledge.
          </p>
        )}
      </section>

      <AgreementPicker draft={draft} set={set} errors={errors} />

      <section className="space-y-2">
        <SectionTitle>Password and expiry</SectionTitle>
        <CheckRow
          label="Require a password"
          description="Share it separately from the link."
          checked={draft.password.mode !== 'none'}
          onChange={(v) => set('password', v ? { mode: 'set', value: '' } : { mode: 'none', value: '' })}
        >
          {draft.password.mode === 'keep' ? (
            <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
              <span>A password is set{draft.password.source ? ` by ${draft.password.source}` : ''}.</span>
              <Button variant="secondary" size="sm" onClick={() => set('password', { mode: 'set', value: '' })}>
                Change password
              </Button>
            </div>
          ) : (
            <Field label="Password" error={errors.password} hint="4 to 128 characters.">
              {(p) => (
                <Input
                  {...p}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={128}
                  value={draft.password.value}
                  onChange={(e) => set('password', { mode: 'set', value: e.target.value })}
                  className="max-w-xs font-mono"
                />
              )}
            </Field>
          )}
        </CheckRow>
        {draft.password.mode === 'keep' && <ErrorText>{errors.password}</ErrorText>}
        {kind === 'link' ? (
          <CheckRow
            label="Expire the link"
            description="After this moment the link shows that it has expired and records nothing."
            checked={draft.expires.enabled}
            onChange={(v) => set('expires', { enabled: v, at: v && !draft.expires.at ? toLocalInput(new Date(Date.now() + 7 * 86400_000)) : draft.expires.at })}
          >
            <div className="flex flex-wrap items-end gap-2">
              <Field label="Expires at" error={errors.expires_at}>
                {(p) => <Input {...p} type="datetime-local" value={draft.expires.at} onChange={(e) => set('expires', { enabled: true, at: e.target.value })} className="w-56" />}
              </Field>
              <div className="flex gap-1 pb-0.5" role="group" aria-label="Quick expiry">
                {QUICK_EXPIRY.map((q) => (
                  <Button key={q.days} variant="ghost" size="sm" onClick={() => set('expires', { enabled: true, at: toLocalInput(new Date(Date.now() + q.days * 86400_000)) })}>
                    {q.label}
                  </Button>
                ))}
              </div>
            </div>
          </CheckRow>
        ) : (
          <CheckRow
            label="Expire links made from this preset"
            description="Counted from the moment each link is created."
            checked={draft.expires_in.enabled}
            onChange={(v) => set('expires_in', { ...draft.expires_in, enabled: v })}
          >
            <Field label="Expire after" error={errors.expires_in}>
              {(p) => (
                <div className="flex gap-2">
                  <Input
                    {...p}
                    type="number"
                    min={1}
                    className="w-24"
                    value={draft.expires_in.amount}
                    onChange={(e) => set('expires_in', { ...draft.expires_in, amount: e.target.value })}
                  />
                  <Select
                    aria-label="Unit"
                    className="w-28"
                    value={draft.expires_in.unit}
                    onChange={(e) => set('expires_in', { ...draft.expires_in, unit: e.target.value as 'hours' | 'days' })}
                  >
                    <option value="hours">hours</option>
                    <option value="days">days</option>
                  </Select>
                </div>
              )}
            </Field>
          </CheckRow>
        )}
        {!draft.expires.enabled && kind === 'link' && <ErrorText>{errors.expires_at}</ErrorText>}
      </section>
    </div>
  );
}

function BrandingPanel({ kind, draft, set, errors }: PanelProps) {
  const trpc = useTRPC();
  const brands = useQuery({ ...trpc.brands.list.queryOptions({}), enabled: kind === 'link' });
  const list = brands.data?.data ?? [];
  const fallback = list.find((b) => b.is_default);
  return (
    <div className="space-y-4">
      {kind === 'link' && (
        <Field
          label="Brand"
          error={errors.brand_id}
          hint={
            brands.isError
              ? 'Brands could not be loaded; the link keeps its brand.'
              : draft.brand_id
                ? 'Pinned: visitors see this brand wherever the link points.'
                : 'Room links use the room’s branding; others the team’s default brand.'
          }
        >
          {(p) => (
            <Select {...p} value={draft.brand_id} onChange={(e) => set('brand_id', e.target.value)} disabled={brands.isPending}>
              <option value="">{fallback ? `Automatic (${fallback.name} by default)` : 'Automatic'}</option>
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                  {b.is_default ? ' (team default)' : ''}
                </option>
              ))}
              {draft.brand_id && !list.some((b) => b.id === draft.brand_id) && !brands.isPending && <option value={draft.brand_id}>Unknown brand</option>}
            </Select>
          )}
        </Field>
      )}
      <Field label="Welcome message" hint="Shown above the document or room. Replaces the brand’s own welcome message." error={errors.welcome_message}>
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            maxLength={1000}
            invalid={p.invalid}
            value={draft.welcome_message}
            onChange={(e) => set('welcome_message', e.target.value)}
            placeholder="Welcome! Here is everything for our first meeting."
          />
        )}
      </Field>
      <CheckRow label="Show the banner" description="The brand’s banner image across the top of the viewer." checked={draft.show_banner} onChange={(v) => set('show_banner', v)} />
      <ErrorText>{errors.show_banner}</ErrorText>
    </div>
  );
}

function SocialPanel({ draft, set, errors }: Omit<PanelProps, 'kind'> & { setDraft: (fn: (d: Draft) => Draft) => void }) {
  const image = draft.meta_image.mode === 'set' ? draft.meta_image.value.trim() : draft.meta_image.mode === 'keep' ? (draft.meta_image.keptUrl ?? '') : '';
  return (
    <div className="space-y-4">
      <CheckRow
        label="Custom social card"
        description="The title, description and image chats and social networks show when the link is pasted. Otherwise the brand’s card is used."
        checked={draft.enable_custom_meta}
        onChange={(v) => set('enable_custom_meta', v)}
      />
      <div className={cn('grid gap-5 md:grid-cols-[minmax(0,1fr)_15rem]', !draft.enable_custom_meta && 'opacity-60')}>
        <div className="min-w-0 space-y-3">
          <Field label="Title" error={errors.meta_title}>
            {(p) => <Input {...p} maxLength={120} value={draft.meta_title} disabled={!draft.enable_custom_meta} onChange={(e) => set('meta_title', e.target.value)} placeholder="Project Falcon — data room" />}
          </Field>
          <Field label="Description" error={errors.meta_description}>
            {(p) => (
              <Textarea
                {...p}
                rows={2}
                maxLength={300}
                invalid={p.invalid}
                disabled={!draft.enable_custom_meta}
                value={draft.meta_description}
                onChange={(e) => set('meta_description', e.target.value)}
                placeholder="Everything you need for due diligence."
              />
            )}
          </Field>
          {draft.meta_image.mode === 'keep' ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-zinc-800">Image</p>
              <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600">
                <span>Image set{draft.meta_image.source ? ` by ${draft.meta_image.source}` : ''}.</span>
                <Button variant="secondary" size="sm" disabled={!draft.enable_custom_meta} onClick={() => set('meta_image', { mode: 'set', value: '' })}>
                  Replace
                </Button>
                <Button variant="ghost" size="sm" disabled={!draft.enable_custom_meta} onClick={() => set('meta_image', { mode: 'none', value: '' })}>
                  Remove
                </Button>
              </div>
              <ErrorText>{errors.meta_image}</ErrorText>
            </div>
          ) : (
            <Field label="Image address" hint="A PNG, JPEG or WebP at a public https address, about 1200×630. Quire keeps a copy." error={errors.meta_image}>
              {(p) => (
                <Input
                  {...p}
                  type="url"
                  inputMode="url"
                  disabled={!draft.enable_custom_meta}
                  value={draft.meta_image.value}
                  onChange={(e) => set('meta_image', { mode: e.target.value.trim() ? 'set' : 'none', value: e.target.value })}
                  placeholder="https://example.com/card.png"
                />
              )}
            </Field>
          )}
        </div>
        <SocialPreview title={draft.meta_title.trim()} description={draft.meta_description.trim()} image={image} />
      </div>
    </div>
  );
}

function SocialPreview({ title, description, image }: { title: string; description: string; image: string }) {
  // The host links are made on (APP_URL), as the chat shows it.
  const host = new URL(useIdentity().appUrl).host;
  // Only Quire's own copy (after saving): the page's policy loads no image from elsewhere.
  const shown = typeof window !== 'undefined' && image.startsWith(`${window.location.origin}/images/`);
  return (
    <figure>
      <div className="overflow-hidden rounded-lg bg-white ring-1 ring-zinc-200" data-testid="social-preview">
        <div className="flex aspect-[1200/630] items-center justify-center bg-zinc-100 text-zinc-400">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={image} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs">
              <ImageIcon className="h-6 w-6" aria-hidden />
              {/^https:\/\//i.test(image) ? 'The image is shown once saved' : null}
            </span>
          )}
        </div>
        <div className="space-y-0.5 border-t border-zinc-100 px-3 py-2">
          <p className="truncate text-[11px] text-zinc-500 uppercase">{host}</p>
          <p className="truncate text-sm font-semibold text-zinc-900">{title || 'Link title'}</p>
          <p className="line-clamp-2 text-xs text-zinc-600">{description || 'The description appears here.'}</p>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-zinc-500">How the link looks in a chat</figcaption>
    </figure>
  );
}
