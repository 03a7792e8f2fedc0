// The fixed vocabularies of link and preset settings (DESIGN.md "Links, presets and the
// viewer"). Free of runtime imports so the dashboard's forms use the same lists as the API.
import type { PlanName } from '../../auth/actor';

export const WATERMARK_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export const WATERMARK_ROTATIONS = [0, 30, 45, 60, 90, 315] as const;
export const WATERMARK_PLACEHOLDERS = ['email', 'date', 'time', 'ip_address', 'link_name'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'long_text', 'email', 'number', 'phone', 'url', 'checkbox', 'select'] as const;

/** Custom fields a link or preset may carry on each plan (DESIGN.md plans). */
export const CUSTOM_FIELD_CAPS: Record<PlanName, number> = { free: 0, pro: 3, business: 5, datarooms: 10, 'datarooms-plus': 20 };
