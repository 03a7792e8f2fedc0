// The link dialog's and the preset dialog's form state, and how it becomes a request body.
// Links and presets share every access and presentation setting (DESIGN.md "Links, presets and
// the viewer"); what differs is the name rule, the expiry (a date on a link, a duration on a
// preset) and the brand (links only).
import type { RouterInputs, RouterOutputs } from '@/lib/trpc/types';
import type { Watermark, WatermarkPosition } from '@/lib/shared/watermark';

export type { WatermarkPosition };
import { CUSTOM_FIELD_TYPES } from '@/lib/shared/link-settings';
import { WATERMARK_DEFAULTS, WATERMARK_PLACEHOLDERS, WATERMARK_POSITIONS } from '@/lib/shared/watermark';

export type LinkItem = RouterOutputs['links']['get'];
export type PresetItem = RouterOutputs['linkPresets']['get'];
export type ViewItem = RouterOutputs['links']['views']['data'][number];
export type VisitorItem = RouterOutputs['visitors']['get'];
export type LinkSummary = RouterOutputs['links']['summaries']['data'][number];
export type ViewDetail = RouterOutputs['links']['viewDetails']['data'][number];

export type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  email: 'Email',
  number: 'Number',
  phone: 'Phone',
  url: 'Web address',
  checkbox: 'Checkbox',
  select: 'Choice list',
};

export type FieldDraft = {
  /** A key for React only. */
  key: string;
  identifier?: string;
  type: FieldType;
  label: string;
  placeholder: string;
  required: boolean;
  /** One option a line (select only). */
  options: string;
};

export type WatermarkDraft = Watermark & { enabled: boolean };

/** A secret or image that the form cannot show: none, the stored one (kept), or a new one. */
export type Kept = { mode: 'none' | 'keep' | 'set'; value: string; /** Where the kept one comes from ("this link", a preset's name). */ source?: string };

export type Draft = {
  name: string;
  email_protected: boolean;
  email_authenticated: boolean;
  allow_download: boolean;
  enable_notification: boolean;
  show_banner: boolean;
  /** Visitors may search names and text (search inside documents). */
  enable_search: boolean;
  allow_access_requests: boolean;
  allow_list: string;
  deny_list: string;
  password: Kept;
  /** Links: a local date-time (datetime-local input). */
  expires: { enabled: boolean; at: string };
  /** Presets: a duration after each link's creation. */
  expires_in: { enabled: boolean; amount: string; unit: 'hours' | 'days' };
  watermark: WatermarkDraft;
  welcome_message: string;
  brand_id: string;
  /** The agreement visitors accept after the email step ('' for none). */
  agreement_id: string;
  /** The custom domain the link is shared on ('' for the app's address). */
  domain_id: string;
  custom_fields: FieldDraft[];
  enable_custom_meta: boolean;
  meta_title: string;
  meta_description: string;
  /** `value` is the new image's URL; a kept image's URL is `keptUrl`. */
  meta_image: Kept & { keptUrl?: string | null };
};

let fieldSeq = 0;
export const newFieldKey = () => `f${++fieldSeq}`;

export const DEFAULT_WATERMARK: WatermarkDraft = {
  enabled: false,
  text: 'Confidential · {{email}} · {{date}}',
  ...WATERMARK_DEFAULTS,
};

export function emptyDraft(): Draft {
  return {
    name: '',
    email_protected: false,
    email_authenticated: false,
    allow_download: false,
    enable_notification: true,
    show_banner: false,
    enable_search: true,
    allow_access_requests: false,
    allow_list: '',
    deny_list: '',
    password: { mode: 'none', value: '' },
    expires: { enabled: false, at: '' },
    expires_in: { enabled: false, amount: '7', unit: 'days' },
    watermark: { ...DEFAULT_WATERMARK },
    welcome_message: '',
    brand_id: '',
    agreement_id: '',
    domain_id: '',
    custom_fields: [],
    enable_custom_meta: false,
    meta_title: '',
    meta_description: '',
    meta_image: { mode: 'none', value: '' },
  };
}

/** `2026-05-01T09:30` in the browser's time zone. */
export function toLocalInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

type Shared = Pick<
  PresetItem,
  | 'allow_list'
  | 'deny_list'
  | 'watermark_config'
  | 'welcome_message'
  | 'custom_fields'
  | 'meta_title'
  | 'meta_description'
  | 'meta_image_url'
  | 'agreement_id'
  | 'domain_id'
>;

function fieldsFrom(fields: LinkItem['custom_fields']): FieldDraft[] {
  return fields.map((f) => ({
    key: newFieldKey(),
    identifier: f.identifier,
    type: f.type,
    label: f.label,
    placeholder: f.placeholder ?? '',
    required: f.required,
    options: (f.options ?? []).join('\n'),
  }));
}

function sharedFrom(d: Draft, s: Shared, source: string): Draft {
  return {
    ...d,
    allow_list: s.allow_list.join('\n'),
    deny_list: s.deny_list.join('\n'),
    watermark: s.watermark_config ? { enabled: true, ...s.watermark_config, position: s.watermark_config.position } : { ...DEFAULT_WATERMARK },
    welcome_message: s.welcome_message ?? '',
    agreement_id: s.agreement_id ?? '',
    domain_id: s.domain_id ?? '',
    custom_fields: s.custom_fields ? fieldsFrom(s.custom_fields) : [],
    meta_title: s.meta_title ?? '',
    meta_description: s.meta_description ?? '',
    meta_image: s.meta_image_url ? { mode: 'keep', value: '', keptUrl: s.meta_image_url, source } : { mode: 'none', value: '' },
  };
}

export function draftFromLink(l: LinkItem): Draft {
  const d = sharedFrom(emptyDraft(), l, 'this link');
  return {
    ...d,
    name: l.name ?? '',
    email_protected: l.email_protected,
    email_authenticated: l.email_authenticated,
    allow_download: l.allow_download,
    enable_notification: l.enable_notification,
    show_banner: l.show_banner,
    enable_search: l.enable_search,
    allow_access_requests: l.allow_access_requests,
    password: l.is_password_protected ? { mode: 'keep', value: '', source: 'this link' } : { mode: 'none', value: '' },
    expires: l.expires_at ? { enabled: true, at: toLocalInput(new Date(l.expires_at)) } : { enabled: false, at: '' },
    brand_id: l.brand_id ?? '',
    enable_custom_meta: l.enable_custom_meta,
  };
}

/** A duration in seconds as the form's amount and unit. */
function durationFrom(seconds: number): Draft['expires_in'] {
  if (seconds % 86400 === 0) return { enabled: true, amount: String(seconds / 86400), unit: 'days' };
  return { enabled: true, amount: String(Math.max(1, Math.round(seconds / 3600))), unit: 'hours' };
}

export function draftFromPreset(p: PresetItem): Draft {
  const d = sharedFrom(emptyDraft(), p, 'the preset');
  const base = emptyDraft();
  return {
    ...d,
    name: p.name,
    email_protected: p.email_protected ?? base.email_protected,
    email_authenticated: p.email_authenticated ?? base.email_authenticated,
    allow_download: p.allow_download ?? base.allow_download,
    enable_notification: p.enable_notification ?? base.enable_notification,
    show_banner: p.show_banner ?? base.show_banner,
    enable_search: p.enable_search ?? base.enable_search,
    allow_access_requests: p.allow_access_requests ?? base.allow_access_requests,
    password: p.is_password_protected ? { mode: 'keep', value: '', source: 'the preset' } : { mode: 'none', value: '' },
    expires_in: p.expires_in ? durationFrom(p.expires_in) : base.expires_in,
    enable_custom_meta: p.enable_custom_meta ?? base.enable_custom_meta,
  };
}

/** A new link's form seeded by a preset: what the preset sets, the rest as for a new link. */
export function seedFromPreset(current: Draft, p: PresetItem): Draft {
  const fromPreset = draftFromPreset(p);
  const source = `preset “${p.name}”`;
  return {
    ...fromPreset,
    name: current.name,
    brand_id: current.brand_id,
    expires: p.expires_in ? { enabled: true, at: toLocalInput(new Date(Date.now() + p.expires_in * 1000)) } : { enabled: false, at: '' },
    expires_in: emptyDraft().expires_in,
    password: p.is_password_protected ? { mode: 'keep', value: '', source } : { mode: 'none', value: '' },
    meta_image: p.meta_image_url ? { mode: 'keep', value: '', keptUrl: p.meta_image_url, source } : { mode: 'none', value: '' },
  };
}

/** Entries of an allow or deny list: anything between commas, semicolons, spaces or lines. */
export const parseList = (text: string) => [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
export const unknownPlaceholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((p) => !(WATERMARK_PLACEHOLDERS as readonly string[]).includes(p));

export type Errors = Partial<Record<string, string>>;

/** What the browser can tell before asking the server; keys are the API's field names. */
export function checkDraft(d: Draft, kind: 'link' | 'preset'): Errors {
  const e: Errors = {};
  if (kind === 'preset' && !d.name.trim()) e.name = 'Give the preset a name.';
  if (d.password.mode === 'set' && (d.password.value.length < 4 || d.password.value.length > 128)) e.password = 'A password has 4 to 128 characters.';
  if (kind === 'link' && d.expires.enabled) {
    const t = new Date(d.expires.at).getTime();
    if (!d.expires.at || Number.isNaN(t)) e.expires_at = 'Choose the date and time the link expires.';
    else if (t <= Date.now()) e.expires_at = 'The expiry must be in the future.';
  }
  if (kind === 'preset' && d.expires_in.enabled) {
    const n = Number(d.expires_in.amount);
    if (!Number.isInteger(n) || n < 1) e.expires_in = 'Enter a whole number of hours or days.';
    else if (n * (d.expires_in.unit === 'days' ? 86400 : 3600) > 10 * 366 * 86400) e.expires_in = 'At most ten years.';
  }
  if (d.watermark.enabled) {
    const text = d.watermark.text.trim();
    const unknown = unknownPlaceholders(text);
    if (!text) e.watermark_config = 'Enter the watermark text.';
    else if (text.length > 200) e.watermark_config = 'The watermark text has at most 200 characters.';
    else if (unknown.length) e.watermark_config = `Unknown placeholder ${unknown.map((u) => `{{${u}}}`).join(', ')}.`;
  }
  d.custom_fields.forEach((f, i) => {
    if (e.custom_fields) return;
    if (!f.label.trim()) e.custom_fields = `Field ${i + 1} needs a label.`;
    else if (f.type === 'select' && !f.options.split('\n').some((o) => o.trim())) e.custom_fields = `“${f.label.trim()}” is a choice list: add at least one option.`;
  });
  if (d.meta_image.mode === 'set' && !/^https?:\/\/\S+$/i.test(d.meta_image.value.trim())) e.meta_image = 'Enter the image’s full address, starting with https://.';
  return e;
}

type CustomFieldBody = NonNullable<RouterInputs['links']['create']['custom_fields']>[number];

function fieldsBody(fields: FieldDraft[]): CustomFieldBody[] {
  return fields.map((f) => {
    const options = f.options.split('\n').map((o) => o.trim()).filter(Boolean);
    return {
      ...(f.identifier ? { identifier: f.identifier } : {}),
      type: f.type,
      label: f.label.trim(),
      placeholder: f.placeholder.trim() || null,
      required: f.required,
      ...(f.type === 'select' ? { options: [...new Set(options)] } : {}),
    };
  });
}

function watermarkBody(w: WatermarkDraft) {
  if (!w.enabled) return null;
  return {
    text: w.text.trim(),
    is_tiled: w.is_tiled,
    position: w.position,
    rotation: w.rotation,
    color: w.color,
    font_size: w.font_size,
    opacity: Math.round(w.opacity * 100) / 100,
  };
}

/** The settings links and presets share, as a body. `had*`: whether the stored object has one. */
function sharedBody(d: Draft, had: { password: boolean; image: boolean }) {
  return {
    email_protected: d.email_protected || d.email_authenticated,
    email_authenticated: d.email_authenticated,
    allow_download: d.allow_download,
    enable_notification: d.enable_notification,
    show_banner: d.show_banner,
    enable_search: d.enable_search,
    allow_access_requests: d.allow_access_requests,
    allow_list: parseList(d.allow_list),
    deny_list: parseList(d.deny_list),
    watermark_config: watermarkBody(d.watermark),
    welcome_message: d.welcome_message.trim() || null,
    agreement_id: d.agreement_id || null,
    domain_id: d.domain_id || null,
    custom_fields: fieldsBody(d.custom_fields),
    enable_custom_meta: d.enable_custom_meta,
    meta_title: d.meta_title.trim() || null,
    meta_description: d.meta_description.trim() || null,
    ...(d.password.mode === 'set' ? { password: d.password.value } : d.password.mode === 'none' && had.password ? { password: null } : {}),
    ...(d.meta_image.mode === 'set' ? { meta_image: { source_url: d.meta_image.value.trim() } } : d.meta_image.mode === 'none' && had.image ? { meta_image: null } : {}),
  };
}

export type Target =
  | { kind: 'document'; id: string; name?: string }
  | { kind: 'dataroom'; id: string; name?: string; groupId?: string | null; groupName?: string };

const expiryIso = (d: Draft) => (d.expires.enabled && d.expires.at ? new Date(d.expires.at).toISOString() : null);

export function createBody(d: Draft, target: Target, preset: PresetItem | null): RouterInputs['links']['create'] {
  return {
    ...(target.kind === 'document'
      ? { document_id: target.id }
      : { dataroom_id: target.id, ...(target.groupId ? { audience_type: 'group' as const, group_id: target.groupId } : {}) }),
    ...(preset ? { preset_id: preset.id } : {}),
    ...(d.name.trim() ? { name: d.name.trim() } : {}),
    ...(d.brand_id ? { brand_id: d.brand_id } : {}),
    expires_at: expiryIso(d),
    ...sharedBody(d, { password: !!preset?.is_password_protected, image: !!preset?.meta_image_url }),
  };
}

export function updateBody(d: Draft, link: LinkItem): RouterInputs['links']['update'] {
  const original = draftFromLink(link);
  const expiryChanged = original.expires.enabled !== d.expires.enabled || (d.expires.enabled && original.expires.at !== d.expires.at);
  return {
    id: link.id,
    name: d.name.trim() || null,
    brand_id: d.brand_id || null,
    ...(expiryChanged ? { expires_at: expiryIso(d) } : {}),
    ...sharedBody(d, { password: link.is_password_protected, image: !!link.meta_image_url }),
  };
}

export function presetBody(d: Draft, preset: PresetItem | null): RouterInputs['linkPresets']['create'] {
  const n = Number(d.expires_in.amount);
  return {
    name: d.name.trim(),
    expires_in: d.expires_in.enabled ? n * (d.expires_in.unit === 'days' ? 86400 : 3600) : null,
    ...sharedBody(d, { password: !!preset?.is_password_protected, image: !!preset?.meta_image_url }),
  };
}

/** Which tab of the dialog shows each field the API may name in an error. */
export const FIELD_TAB: Record<string, Tab> = {
  email_protected: 'access',
  email_authenticated: 'access',
  password: 'access',
  expires_at: 'access',
  expires_in: 'access',
  allow_list: 'access',
  deny_list: 'access',
  allow_access_requests: 'access',
  agreement_id: 'access',
  allow_download: 'protection',
  watermark_config: 'protection',
  enable_search: 'protection',
  'watermark_config.text': 'protection',
  brand_id: 'branding',
  domain_id: 'branding',
  welcome_message: 'branding',
  show_banner: 'branding',
  custom_fields: 'fields',
  enable_custom_meta: 'social',
  meta_title: 'social',
  meta_description: 'social',
  meta_image: 'social',
};
export type Tab = 'access' | 'protection' | 'branding' | 'fields' | 'social';

export const isExpired = (l: { expires_at: string | null }, now = Date.now()) => !!l.expires_at && new Date(l.expires_at).getTime() <= now;

export const linkTitle = (l: { name: string | null }) => l.name || 'Untitled link';
