/** A same-site path to return to after sign-in; anything else (absolute, protocol-relative) becomes the dashboard. */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  return '/documents';
}
