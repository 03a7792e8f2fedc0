'use client';
// Every setting of a link or a preset, in five tabs: who gets in (access), what they may do with
// it (download, search, watermark), what they see (branding), what they are asked (custom fields) and
// how the link looks when pasted in a chat (social card). A tab with an error carries a dot.
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { CheckRow, ErrorText } from './controls';
import { CustomFieldsEditor } from './custom-fields-editor';
import { FIELD_TAB, parseList, type Draft, type Errors, type Tab } from './draft';
import { WatermarkEditor } from './watermark-editor';
import { asksForEmail } from '@/lib/shared/link-settings';
import { AccessPanel } from './access-panel';
import { BrandingPanel } from './branding-panel';
import { SocialPanel } from './social-panel';

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
              label="Let visitors search inside documents"
              description="A search box finds names and the words on every page the visitor may see; hits are highlighted on the pages. What they search for shows in Analytics."
              checked={draft.enable_search}
              onChange={(v) => set('enable_search', v)}
            />
            <ErrorText>{errors.enable_search}</ErrorText>
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

export type PanelProps = { kind: 'link' | 'preset'; draft: Draft; set: <K extends keyof Draft>(k: K, v: Draft[K]) => void; errors: Errors; groupTarget?: boolean };
