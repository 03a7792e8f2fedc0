'use client';
// The brand editor: every viewer setting of a brand (or of a room's custom branding) beside a
// live preview of what a visitor sees and of the link's card in a chat. Saving sends only the
// changed fields (images by URL in the body, removal as null, a hidden banner as
// { hidden: true }); files dropped or picked go up afterwards, one slot at a time, and a refused
// file stays in its slot with the server's message. Fields the plan lacks are shown locked.
import { Lock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIdentity } from '@/components/shell/team-context';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { PLAN_LABELS } from '@/lib/format';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { LANGUAGES, SERVICE_COLOR, TEXT_LIMITS } from '@/lib/shared/branding-fields';
import { Choice, ImageField, Setting, Toggle } from './fields';
import { SelfHostNote } from './plan-notes';
import {
  changes,
  checkImageFile,
  formFrom,
  IMAGE_SLOTS,
  isEmpty,
  normalizeColor,
  previewOf,
  SERVICE_IMAGES,
  unlockingPlan,
  validate,
  type BrandPatch,
  type Form,
  type ImageSlot,
  type Locked,
  type Settings,
} from './model';
import { LinkPreviewCard, ViewerPreview } from './preview';
import { UploadError } from './upload';

export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ja: '日本語',
};

/** What a save answers: the stored settings (a brand adds its name and default flag). */
export type Saved = Settings & { name?: string; is_default?: boolean };

export type EditorProps = {
  /** The stored settings the form starts from and compares with. */
  initial: Saved;
  /** A brand: its name and default flag are edited too. */
  identity?: { name: string; is_default: boolean; defaultLocked: string | null } | null;
  locked: Locked;
  /** The team's plan now (brands.usage). */
  plan: string;
  readOnly?: boolean;
  /** The room name (or a sample) the preview shows. */
  previewTitle: string;
  saveLabel: string;
  /** New brands submit even with no setting changed. */
  alwaysSubmit?: boolean;
  submit: (patch: BrandPatch) => Promise<Saved>;
  upload: (slot: ImageSlot, file: File, contentType: string) => Promise<Saved>;
  onSaved?: (saved: Saved, failed: Partial<Record<ImageSlot, string>>) => void;
  /** Shown above the save bar's buttons (e.g. "Cancel" for a new brand). */
  secondaryAction?: ReactNode;
};

const ERROR_FIELDS = ['name', 'brand_color', 'welcome_message', 'cta_label', 'cta_url', 'link_preview_title', 'link_preview_description'] as const;

/** A server message as a sentence under its field: without the field's name in front. */
export function tidyMessage(message: string, field: string): string {
  const m = message.replace(new RegExp(`^${field}: `), '').replace(/^source_url: /, 'The image URL could not be used: ');
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** A field's message from a refused save: zod's field errors, or a conflict naming the field. */
function errorFor(err: unknown, field: string): string | undefined {
  const direct = fieldError(err, field);
  if (direct) return tidyMessage(direct, field);
  const data = (err as { data?: { apiError?: { details?: Record<string, unknown> | null } | null } } | null)?.data;
  if (data?.apiError?.details?.field === field) return (err as Error).message;
  return undefined;
}

export function BrandingEditor(props: EditorProps) {
  const { initial, identity, locked, plan, readOnly = false, previewTitle, saveLabel, alwaysSubmit = false } = props;
  const { team } = useIdentity();
  const notify = useToast();
  const idName = identity?.name;
  const idDefault = identity?.is_default;
  const [base, setBase] = useState<Saved>(initial);
  const [form, setForm] = useState<Form>(() => formFrom(initial, identity ?? {}));
  const [slotErrors, setSlotErrors] = useState<Partial<Record<ImageSlot, string>>>({});
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const objectUrls = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);

  const baseIdentity = identity ? { name: base.name ?? idName ?? '', is_default: base.is_default ?? idDefault ?? false } : undefined;
  const pending = useMemo(() => changes(form, base, baseIdentity), [form, base, baseIdentity?.name, baseIdentity?.is_default]);
  const dirty = !isEmpty(pending);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const errors = validate(form, { withName: !!identity });
  const shownErrors = attempted ? errors : {};

  // Fresh settings from the server (a refetch, another tab) replace an untouched form.
  useEffect(() => {
    if (dirtyRef.current || saving) return;
    setBase(initial);
    setForm(formFrom(initial, { name: initial.name ?? idName, is_default: initial.is_default ?? idDefault }));
  }, [initial]);

  // Object URLs of picked files live until the editor goes.
  useEffect(() => {
    for (const slot of IMAGE_SLOTS) {
      const s = form[slot];
      if (s.kind === 'file') objectUrls.current.add(s.url);
    }
  }, [form]);
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty || readOnly) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, readOnly]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (IMAGE_SLOTS.includes(k as ImageSlot)) setSlotErrors((e) => ({ ...e, [k]: undefined }));
  };
  const lock = (field: string) => unlockingPlan(locked, field);
  const anyLocked = Object.keys(locked).length > 0;
  const lockPlans = Object.keys(PLAN_LABELS).filter((p) => Object.values(locked).some((l) => l.plans.includes(p)));

  async function save(e: FormEvent) {
    e.preventDefault();
    if (readOnly || saving) return;
    setAttempted(true);
    if (Object.keys(errors).length) {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      notify('Some fields need attention before saving.', 'error');
      return;
    }
    const c = changes(form, base, baseIdentity);
    if (isEmpty(c) && !alwaysSubmit) return;
    setSaving(true);
    setSubmitError(null);
    setSlotErrors({});
    let latest: Saved = base;
    try {
      if (Object.keys(c.patch).length || alwaysSubmit) latest = await props.submit(c.patch);
    } catch (err) {
      setSubmitError(err);
      setSaving(false);
      notify(errorMessage(err), 'error');
      return;
    }
    const failed: Partial<Record<ImageSlot, string>> = {};
    for (const slot of IMAGE_SLOTS) {
      const file = c.files[slot];
      if (!file) continue;
      const check = checkImageFile(file, slot);
      try {
        if (!check.ok) throw new UploadError(check.reason, 422, 'unprocessable_entity');
        latest = await props.upload(slot, file, check.contentType);
      } catch (err) {
        failed[slot] = err instanceof Error ? tidyMessage(err.message, slot) : 'The upload failed. Try again.';
      }
    }
    setBase(latest);
    const next = formFrom(latest, { name: latest.name ?? form.name.trim(), is_default: latest.is_default ?? form.is_default });
    for (const slot of Object.keys(failed) as ImageSlot[]) (next as Record<ImageSlot, unknown>)[slot] = form[slot];
    setForm(next);
    setSlotErrors(failed);
    setAttempted(false);
    setSaving(false);
    const refused = Object.keys(failed).length;
    if (refused) notify(`Saved, but ${refused === 1 ? 'an image was' : 'some images were'} refused: ${Object.values(failed)[0]}`, 'error');
    props.onSaved?.(latest, failed);
  }

  function discard() {
    setForm(formFrom(base, baseIdentity ?? {}));
    setSlotErrors({});
    setSubmitError(null);
    setAttempted(false);
  }

  const preview = previewOf(form, locked);
  const err = (field: string) => shownErrors[field] ?? errorFor(submitError, field) ?? null;
  const imgErr = (slot: ImageSlot) => slotErrors[slot] ?? shownErrors[slot] ?? errorFor(submitError, slot) ?? null;
  const attributed = ERROR_FIELDS.some((f) => errorFor(submitError, f)) || IMAGE_SLOTS.some((s) => errorFor(submitError, s));
  const colour = normalizeColor(form.brand_color);

  return (
    <form ref={formRef} onSubmit={save} noValidate className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start">
      <fieldset disabled={readOnly} className="min-w-0 space-y-5" aria-label="Branding settings">
        {anyLocked && !readOnly && (
          <div className="flex gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="locked-notice">
            <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div>
              <p>
                Settings marked with a lock are not included in the {PLAN_LABELS[plan] ?? plan} plan; each names the plan that unlocks it. Visitors
                see their defaults.
              </p>
              <SelfHostNote plans={lockPlans} className="mt-2 text-xs text-amber-800" />
            </div>
          </div>
        )}

        <Card>
          <CardHeader title={identity ? 'Brand' : 'Colour'} description={identity ? 'The name only your team sees, and the colour visitors see.' : 'The colour of the header, buttons and highlights.'} />
          <div className="space-y-4 p-5">
            {identity && (
              <>
                <Setting label="Name" error={err('name')}>
                  {(p) => <Input {...p} value={form.name} maxLength={255} placeholder="Acme Capital" onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
                </Setting>
                <Toggle
                  label="Default brand"
                  description={
                    identity.defaultLocked ??
                    'Rooms that follow the team default, and links without a brand of their own, show the default brand.'
                  }
                  checked={form.is_default}
                  disabled={!!identity.defaultLocked}
                  onChange={(v) => set('is_default', v)}
                />
              </>
            )}
            <Setting label="Brand colour" error={err('brand_color')} lockedBy={lock('brand_color')} hint={form.brand_color.trim() ? null : `Empty: visitors see Quire’s neutral ${SERVICE_COLOR}.`}>
              {(p) => (
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label="Brand colour picker"
                    disabled={p.disabled}
                    value={colour ?? SERVICE_COLOR}
                    onChange={(e) => set('brand_color', e.target.value)}
                    className="h-9 w-12 shrink-0 cursor-pointer rounded-lg border-0 bg-white p-1 shadow-sm ring-1 ring-zinc-300 ring-inset disabled:cursor-not-allowed"
                  />
                  <Input {...p} className="max-w-40 font-mono" value={form.brand_color} maxLength={7} placeholder={SERVICE_COLOR} spellCheck={false} onChange={(e) => set('brand_color', e.target.value)} />
                  {form.brand_color && !p.disabled && (
                    <Button variant="ghost" size="sm" onClick={() => set('brand_color', '')}>
                      Reset
                    </Button>
                  )}
                </div>
              )}
            </Setting>
          </div>
        </Card>

        <Card>
          <CardHeader title="Logo and banner" description="Shown at the top of every page a visitor opens." />
          <div className="space-y-5 p-5">
            <ImageField
              slot="logo"
              label="Logo"
              state={form.logo}
              onChange={(s) => set('logo', s)}
              fallback={{ src: SERVICE_IMAGES.logo, label: 'Quire’s logo' }}
              error={imgErr('logo')}
              lockedBy={lock('logo')}
              disabled={readOnly}
            />
            <Toggle label="Hide the logo" description="Visitors see no logo at all, not even Quire’s." checked={form.hide_logo} lockedBy={lock('hide_logo')} onChange={(v) => set('hide_logo', v)} />
            <ImageField
              slot="banner"
              label="Banner"
              state={form.banner}
              onChange={(s) => set('banner', s)}
              fallback={{ src: SERVICE_IMAGES.banner, label: 'Quire’s banner' }}
              error={imgErr('banner')}
              lockedBy={lock('banner')}
              disabled={readOnly || form.banner_hidden}
              note="A wide image works best (1600×400 or so)."
            />
            <Toggle
              label="Hide the banner"
              description={form.banner.kind === 'saved' && form.banner_hidden ? 'Saving removes the uploaded banner.' : 'Visitors see no banner at all.'}
              checked={form.banner_hidden}
              lockedBy={lock('banner')}
              onChange={(v) => set('banner_hidden', v)}
            />
          </div>
        </Card>

        <Card>
          <CardHeader title="Welcome message and call to action" description="A few words above the documents, and a button in the header." />
          <div className="space-y-4 p-5">
            <Setting
              label="Welcome message"
              error={err('welcome_message')}
              lockedBy={lock('welcome_message')}
              hint={`${form.welcome_message.length} / ${TEXT_LIMITS.welcome_message}`}
            >
              {({ invalid, ...p }) => (
                <textarea
                  {...p}
                  aria-invalid={invalid || undefined}
                  rows={3}
                  maxLength={TEXT_LIMITS.welcome_message}
                  value={form.welcome_message}
                  placeholder="Welcome to the data room. Reach out with any questions."
                  onChange={(e) => set('welcome_message', e.target.value)}
                  className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500"
                />
              )}
            </Setting>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] xl:grid-cols-1 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Setting label="Button label" error={err('cta_label')} lockedBy={lock('cta_label')}>
                {(p) => <Input {...p} value={form.cta_label} maxLength={TEXT_LIMITS.cta_label} placeholder="Book a call" onChange={(e) => set('cta_label', e.target.value)} />}
              </Setting>
              <Setting label="Button link" error={err('cta_url')} lockedBy={lock('cta_url')}>
                {(p) => <Input {...p} type="url" inputMode="url" value={form.cta_url} maxLength={2048} placeholder="https://example.com/contact" onChange={(e) => set('cta_url', e.target.value)} />}
              </Setting>
            </div>
          </div>
        </Card>

        <Card>
          <CardHeader title="Link preview" description="The card chat and email apps show when someone pastes a link." />
          <div className="space-y-4 p-5">
            <Toggle
              label="Custom link preview"
              description="Your own title, description and image instead of the room’s name."
              checked={form.custom_link_preview_enabled}
              lockedBy={lock('custom_link_preview_enabled')}
              onChange={(v) => set('custom_link_preview_enabled', v)}
            />
            <div className={cn('space-y-4', !form.custom_link_preview_enabled && !lock('custom_link_preview_enabled') && 'opacity-60')}>
              <Setting label="Title" error={err('link_preview_title')} lockedBy={lock('link_preview_title')}>
                {(p) => (
                  <Input {...p} value={form.link_preview_title} maxLength={TEXT_LIMITS.link_preview_title} placeholder="Project Falcon: data room" onChange={(e) => set('link_preview_title', e.target.value)} />
                )}
              </Setting>
              <Setting label="Description" error={err('link_preview_description')} lockedBy={lock('link_preview_description')}>
                {({ invalid, ...p }) => (
                  <textarea
                    {...p}
                    aria-invalid={invalid || undefined}
                    rows={2}
                    maxLength={TEXT_LIMITS.link_preview_description}
                    value={form.link_preview_description}
                    placeholder="Confidential documents for invited investors."
                    onChange={(e) => set('link_preview_description', e.target.value)}
                    className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500"
                  />
                )}
              </Setting>
              <ImageField
                slot="link_preview_image"
                label="Preview image"
                state={form.link_preview_image}
                onChange={(s) => set('link_preview_image', s)}
                error={imgErr('link_preview_image')}
                lockedBy={lock('link_preview_image')}
                disabled={readOnly}
              />
            </div>
            <ImageField
              slot="link_preview_favicon"
              label="Favicon"
              state={form.link_preview_favicon}
              onChange={(s) => set('link_preview_favicon', s)}
              fallback={{ src: SERVICE_IMAGES.favicon, label: 'Quire’s icon' }}
              error={imgErr('link_preview_favicon')}
              lockedBy={lock('link_preview_favicon')}
              disabled={readOnly}
              note="Shown in the browser tab and beside the link’s card."
            />
          </div>
        </Card>

        <Card>
          <CardHeader title="Data room layout" description="How a room’s folders and documents are laid out for visitors." />
          <div className="grid gap-5 p-5 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
            <Choice
              label="Header"
              value={form.viewer_header_style}
              lockedBy={lock('viewer_header_style')}
              onChange={(v) => set('viewer_header_style', v)}
              options={[
                { value: 'solid', label: 'Solid' },
                { value: 'light', label: 'Light' },
                { value: 'minimal', label: 'Minimal' },
              ]}
            />
            <Choice
              label="Layout"
              value={form.viewer_layout_preset}
              lockedBy={lock('viewer_layout_preset')}
              onChange={(v) => set('viewer_layout_preset', v)}
              options={[
                { value: 'standard', label: 'Standard' },
                { value: 'compact', label: 'Compact' },
                { value: 'sidebar', label: 'Sidebar' },
              ]}
            />
            <Choice
              label="Documents as"
              value={form.card_layout}
              lockedBy={lock('card_layout')}
              onChange={(v) => set('card_layout', v)}
              options={[
                { value: 'grid', label: 'Grid' },
                { value: 'list', label: 'List' },
              ]}
            />
            <div className="col-span-full space-y-3">
              <Toggle label="Show the folder tree" checked={form.show_folder_tree} lockedBy={lock('show_folder_tree')} onChange={(v) => set('show_folder_tree', v)} />
              <Toggle
                label="Hide folder icons in the document area"
                checked={form.hide_folder_icons_in_main}
                lockedBy={lock('hide_folder_icons_in_main')}
                onChange={(v) => set('hide_folder_icons_in_main', v)}
              />
            </div>
          </div>
        </Card>

        <Card>
          <CardHeader title="Viewer language" description="The language of the viewer’s own buttons and messages." />
          <div className="p-5">
            <Setting label="Language" lockedBy={lock('default_language')} hint={lock('default_language') ? 'English is included in every plan.' : null}>
              {(p) => (
                <Select
                  id={p.id}
                  aria-describedby={p['aria-describedby']}
                  // Going back to English is never gated, so a language set on an earlier plan can be reset.
                  disabled={readOnly || (!!lock('default_language') && form.default_language === 'en')}
                  className="max-w-60"
                  value={form.default_language}
                  onChange={(e) => set('default_language', e.target.value as Form['default_language'])}
                >
                  {LANGUAGES.map((l) => (
                    <option key={l} value={l} disabled={!!lock('default_language') && l !== 'en' && l !== form.default_language}>
                      {LANGUAGE_NAMES[l]}
                    </option>
                  ))}
                </Select>
              )}
            </Setting>
          </div>
        </Card>

        {!readOnly && (
          <div className="sticky bottom-3 z-10 rounded-xl bg-white/95 px-4 py-3 shadow-lg ring-1 ring-zinc-200 backdrop-blur">
            {submitError != null && !attributed && (
              <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage(submitError)}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm text-zinc-500" aria-live="polite">
                {saving ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
              </p>
              {props.secondaryAction}
              {dirty && !alwaysSubmit && (
                <Button variant="secondary" onClick={discard} disabled={saving}>
                  Discard
                </Button>
              )}
              <Button type="submit" loading={saving} disabled={!dirty && !alwaysSubmit}>
                {saveLabel}
              </Button>
            </div>
          </div>
        )}
      </fieldset>

      <aside aria-label="Preview" className="min-w-0 space-y-4 xl:sticky xl:top-6 xl:max-h-[calc(100dvh-3rem)] xl:overflow-y-auto xl:pb-1">
        <div>
          <h2 className="text-sm font-semibold text-zinc-900">Preview</h2>
          <p className="text-xs text-zinc-500">What a visitor sees{isEmpty(pending) ? '' : ' once you save'}.</p>
        </div>
        <ViewerPreview model={preview} title={previewTitle} />
        <div>
          <h3 className="mb-2 text-xs font-medium text-zinc-500">When the link is pasted in a chat</h3>
          <LinkPreviewCard model={preview} title={previewTitle} siteName={team.name} />
        </div>
      </aside>
    </form>
  );
}
