// Spec section 1's host rule, in one place: when API_BASE_URL and APP_URL name different hosts,
// the API host serves only /v1 (proxy.ts answers its other paths; the viewer's fast routes leave
// them alone).
import { config } from '../config';

const hostOf = (u: string | null) => (u ? new URL(u).host.toLowerCase() : null);

/** True when `host` (a request's Host header) is a separate API host. */
export function isApiOnlyHost(host: string | null | undefined): boolean {
  const api = hostOf(config.apiBaseUrl);
  const app = hostOf(config.appUrlSetting);
  return !!api && !!app && api !== app && (host ?? '').toLowerCase() === api;
}
