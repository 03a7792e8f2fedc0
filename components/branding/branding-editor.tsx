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
import { useToast } from '@/components/ui/toast';
import { PLAN_LABELS } from '@/lib/format';
import { errorMessage, fieldError } from '@/lib/trpc/errors';
import { SelfHostNote } from './plan-notes';
import {
  changes,
  checkImageFile,
  formFrom,
  IMAGE_SLOTS,
  isEmpty,
  previewOf,
  unlockingPlan,
  validate,
  type BrandPatch,
  type Form,
  type ImageSlot,
  type Locked,
  type Settings,
} from './model';
import { LinkPreviewCard } from './preview';
import { ViewerPreview } from './viewer-preview';
import { ColourSection } from './sections/identity';
import { LogoBannerSection } from './sections/images';
import { LanguageSection } from './sections/language';
import { LinkPreviewSection } from './sections/link-preview';
import type { EditorIdentity } from './sections/props';
import { RoomLayoutSection } from './sections/room-layout';
import { WelcomeSection } from './sections/welcome';
import { UploadError } from './upload';

/** What a save answers: the stored settings (a brand adds its name and default flag). */
export type Saved = Settings & { name?: string; is_default?: boolean };

export type EditorProps = {
  /** The stored settings the form starts from and compares with. */
  initial: Saved;
  /** A brand: its name and default flag are edited too. */
  identity?: EditorIdentity | null;
  locked: Locked;
  /** The team's plan now (brands.usage). */
  plan: string;
  readOnly?: boolean;
  /** The pasted card's title until the preview shows a room or a document (then that one's name). */
  previewTitle: string;
  /** The room the preview shows (a room's own branding); otherwise the user picks one. */
  previewRoomId?: string;
  /** The brand edited: the preview offers the rooms and document links it is on. */
  previewBrandId?: string;
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
  // The card's title is the name of what the preview shows (as the viewer's link card takes the room's or document's).
  const [shownTitle, setShownTitle] = useState<string | null>(null);
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
  const section = { form, set, lock, err, imgErr, readOnly };

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

        <ColourSection {...section} identity={identity} />

        <LogoBannerSection {...section} />

        <WelcomeSection {...section} />

        <LinkPreviewSection {...section} />

        <RoomLayoutSection {...section} />

        <LanguageSection {...section} />

        {!readOnly && (
          <div className="sticky bottom-3 z-10 rounded-xl bg-white/95 px-4 py-3 shadow-lg ring-1 ring-zinc-200 backdrop-blur">
            {submitError != null && !attributed && (
              <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage(submitError)}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm text-zinc-500" aria-live="polite">
                {saving ? 'Saving…' : dirty ? 'Unsaved changes' : alwaysSubmit ? 'Not saved yet' : 'All changes saved'}
              </p>
              {props.secondaryAction}
              {dirty && !alwaysSubmit && (
                <Button variant="secondary" onClick={discard} disabled={saving}>
                  Discard
                </Button>
              )}
              <Button type="submit" loading={saving} loadingLabel="Saving…" disabled={!dirty && !alwaysSubmit}>
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
        <ViewerPreview model={preview} roomId={props.previewRoomId} brandId={props.previewBrandId} onShownTitle={setShownTitle} />
        <div>
          <h3 className="mb-2 text-xs font-medium text-zinc-500">When the link is pasted in a chat</h3>
          <LinkPreviewCard model={preview} title={shownTitle ?? previewTitle} siteName={team.name} />
        </div>
      </aside>
    </form>
  );
}
