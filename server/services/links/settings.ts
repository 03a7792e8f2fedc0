// The access and presentation settings links and presets share (DESIGN.md "Links, presets and
// the viewer"): watermark, custom fields and their plan cap, allow/deny lists, passwords, the
// social card image. Links and presets both go through here, so a rule is written once.
import { assertWithinCap } from '../../auth/plans';
import { scrypt, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Actor } from '../../auth/actor';
import { PLANS, type PlanName } from '../../../lib/shared/plans';
import { ApiError, invalid } from '../../errors';
import { slugify } from '../../lib/slug';
import { CUSTOM_FIELD_CAPS, CUSTOM_FIELD_TYPES } from '../../../lib/shared/link-settings';
import { emptyPlaceholders, PLACEHOLDER_RE, WATERMARK_DEFAULTS, WATERMARK_PLACEHOLDERS, type WatermarkPosition, type WatermarkSources } from '../../../lib/shared/watermark';

export type WatermarkInput = {
  text: string;
  is_tiled?: boolean;
  position?: WatermarkPosition;
  rotation?: number;
  color?: string;
  font_size?: number;
  opacity?: number;
};
export type Watermark = Required<WatermarkInput>;

/** Every key, defaults filled in (what is stored and read back). */
export function normalizeWatermark(w: WatermarkInput): Watermark {
  const unknown = [...w.text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!).filter((p) => !(WATERMARK_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length) {
    throw invalid(
      'watermark_config',
      `unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{{${p}}}`).join(', ')}; the placeholders are ${WATERMARK_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
    );
  }
  return {
    text: w.text,
    is_tiled: w.is_tiled ?? WATERMARK_DEFAULTS.is_tiled,
    position: w.position ?? WATERMARK_DEFAULTS.position,
    rotation: w.rotation ?? WATERMARK_DEFAULTS.rotation,
    color: (w.color ?? WATERMARK_DEFAULTS.color).toLowerCase(),
    font_size: w.font_size ?? WATERMARK_DEFAULTS.font_size,
    opacity: w.opacity ?? WATERMARK_DEFAULTS.opacity,
  };
}

/**
 * 422 naming `watermark_config.text` when the watermark would print a placeholder empty on every
 * page (docs/decisions.md "Watermark placeholders a link cannot fill"). Links (create, update,
 * made from a preset) and presets all call this, whichever of their settings changed.
 */
export function assertWatermarkFillable(watermark: unknown, sources: WatermarkSources) {
  const text = (watermark as { text?: unknown } | null | undefined)?.text;
  if (typeof text !== 'string') return;
  const empty = emptyPlaceholders(text, sources);
  if (empty.length) throw invalid('watermark_config.text', empty.map((e) => e.message).join(' '));
}

export type CustomFieldInput = {
  identifier?: string;
  type: (typeof CUSTOM_FIELD_TYPES)[number];
  label: string;
  placeholder?: string | null;
  required?: boolean;
  options?: string[];
};
export type CustomField = { identifier: string; type: CustomFieldInput['type']; label: string; placeholder: string | null; required: boolean; options: string[] | null };

/** Identifiers derived from labels when omitted (unique within the list), options only for select. */
export function normalizeCustomFields(fields: CustomFieldInput[]): CustomField[] {
  const taken = new Set(fields.map((f) => f.identifier).filter((x): x is string => !!x));
  if (taken.size !== fields.filter((f) => f.identifier).length) {
    throw invalid('custom_fields', 'identifiers must be unique within the link');
  }
  return fields.map((f, i) => {
    if (f.type === 'select' && !f.options?.length) throw invalid('custom_fields', `field ${i + 1} ("${f.label}") is a select and needs options`);
    if (f.type !== 'select' && f.options !== undefined) throw invalid('custom_fields', `field ${i + 1} ("${f.label}") is not a select and takes no options`);
    if (f.options && new Set(f.options).size !== f.options.length) throw invalid('custom_fields', `field ${i + 1} ("${f.label}") repeats an option`);
    let identifier = f.identifier;
    if (!identifier) {
      const base = slugify(f.label, { max: 48, fallback: 'field' }).replace(/-/g, '_').replace(/^(?=[0-9])/, 'f_');
      identifier = base;
      for (let n = 2; taken.has(identifier); n++) identifier = `${base}_${n}`;
      taken.add(identifier);
    }
    return { identifier, type: f.type, label: f.label, placeholder: f.placeholder ?? null, required: f.required ?? false, options: f.options ?? null };
  });
}

/** 403 plan_restriction when the plan allows fewer custom fields than `count`. */
export function assertCustomFieldCap(actor: Actor, count: number) {
  assertWithinCap(actor, { feature: 'custom_fields', noun: ['custom field per link', 'custom fields per link'], caps: CUSTOM_FIELD_CAPS, wanted: count, counted: 'asks', fields: ['custom_fields'] });
}

/** Lower-cased, duplicates dropped, order kept. */
export const normalizeList = (list: string[]) => [...new Set(list.map((e) => e.trim().toLowerCase()))];

// Passwords: scrypt with a per-password salt (about 50 ms a check, by design).
const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, o: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}
