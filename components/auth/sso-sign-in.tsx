'use client';
// "Continue with SSO" on the sign-in page: asks the server which team's identity provider handles
// the email domain or team slug. Submitting navigates rather than posting a form: the page's
// form-action 'self' would also bind the redirect chain that ends at the IdP.
import type { FormEvent } from 'react';

function go(e: FormEvent<HTMLFormElement>) {
  e.preventDefault();
  const data = new FormData(e.currentTarget);
  const q = new URLSearchParams({ identifier: String(data.get('identifier') ?? ''), callbackUrl: String(data.get('callbackUrl') ?? '') });
  window.location.assign(`/sso/saml/find?${q}`);
}

export function SsoSignIn({ callbackUrl, defaultValue }: { callbackUrl: string; defaultValue?: string }) {
  return (
    <details className="group mt-6 border-t border-zinc-100 pt-4" open={!!defaultValue}>
      <summary className="cursor-pointer list-none text-sm font-medium text-zinc-700 hover:text-zinc-900">
        Continue with SSO <span className="text-zinc-400 group-open:hidden">→</span>
      </summary>
      <form action="/sso/saml/find" method="get" onSubmit={go} className="mt-3 space-y-3">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <label htmlFor="sso-identifier" className="block text-sm text-zinc-600">
          Email address or team slug for single sign-on
        </label>
        <input
          id="sso-identifier"
          name="identifier"
          required
          autoComplete="email"
          defaultValue={defaultValue}
          placeholder="you@company.com"
          className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <button type="submit" className="w-full rounded-lg bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50">
          Continue with SSO
        </button>
      </form>
    </details>
  );
}
