// The fixed vocabularies of link and preset settings (DESIGN.md "Links, presets and the
// viewer"). Free of runtime imports so the dashboard's forms use the same lists as the API.
import type { PlanName } from './plans';

export const CUSTOM_FIELD_TYPES = ['text', 'long_text', 'email', 'number', 'phone', 'url', 'checkbox', 'select'] as const;

/** Custom fields a link or preset may carry on each plan (DESIGN.md plans). */
export const CUSTOM_FIELD_CAPS: Record<PlanName, number> = { free: 0, pro: 3, business: 5, datarooms: 10, 'datarooms-plus': 20 };

/**
 * Whether a visitor must give an email before entering (DESIGN.md's gate order): the link is
 * email-protected or verifies the address, or an allow/deny list or a group (one that does not
 * admit everyone) decides who gets in. The viewer's email gate and the watermark's `{{email}}`
 * rule both read this.
 */
export function asksForEmail(s: { emailProtected: boolean; emailAuthenticated: boolean; allowList: readonly string[]; denyList: readonly string[]; groupDecides: boolean }): boolean {
  return s.emailProtected || s.emailAuthenticated || s.allowList.length > 0 || s.denyList.length > 0 || s.groupDecides;
}

/**
 * A list of who may enter (the allow list, or a group) without the one-time code: anyone who types
 * an allowed address gets in, and whether the link opens tells a stranger which addresses are on
 * the list. The link's form and its settings summary warn of it (issue 43).
 */
export function unprovenList(s: { emailAuthenticated: boolean; allowList: readonly string[]; groupDecides: boolean }): boolean {
  return !s.emailAuthenticated && (s.allowList.length > 0 || s.groupDecides);
}
