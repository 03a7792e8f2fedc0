// The fixed vocabularies of link and preset settings (DESIGN.md "Links, presets and the
// viewer"). Free of runtime imports so the dashboard's forms use the same lists as the API.
import type { PlanName } from './plans';

export const CUSTOM_FIELD_TYPES = ['text', 'long_text', 'email', 'number', 'phone', 'url', 'checkbox', 'select'] as const;

/** Custom fields a link or preset may carry on each plan (DESIGN.md plans). */
export const CUSTOM_FIELD_CAPS: Record<PlanName, number> = { free: 0, pro: 3, business: 5, datarooms: 10, 'datarooms-plus': 20 };
