'use client';
// A signing secret, shown once (after creating an endpoint and after a rotation), with how a
// receiver checks the Standard Webhooks signature.
import { ExternalLink, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DialogContent, DialogFooter } from '@/components/ui/dialog';

const code = 'rounded bg-zinc-100 px-1 font-mono text-xs';

/** The dialog's content; only its Done button closes it. */
export function SecretOnce({ title, secret, url, note, onDone }: { title: string; secret: string; url: string; note?: ReactNode; onDone: () => void }) {
  return (
    <DialogContent title={title} className="max-w-lg" dismissible={false}>
      <div className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="alert">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
        <p>
          <strong className="font-semibold">Copy this signing secret now.</strong> It is shown only once. Keep it with the receiver, in a secret
          manager, never in code.
        </p>
      </div>
      {note && <div className="mt-3 text-sm text-zinc-600">{note}</div>}
      <div className="mt-4">
        <p className="mb-1.5 truncate text-sm font-medium text-zinc-800" title={url}>
          {url}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="webhook-secret"
            className="block min-w-0 flex-1 rounded-lg bg-zinc-900 px-3 py-2.5 font-mono text-[13px] break-all text-zinc-100 select-all"
          >
            {secret}
          </code>
          <CopyButton value={secret} ariaLabel="Copy the signing secret" />
        </div>
      </div>
      <div className="mt-4 space-y-1.5 text-sm text-zinc-600">
        <p className="font-medium text-zinc-800">How to verify a delivery</p>
        <p>
          Each POST carries <code className={code}>webhook-id</code>, <code className={code}>webhook-timestamp</code> and{' '}
          <code className={code}>webhook-signature</code>: <code className={code}>v1,</code> and a base64 HMAC-SHA256 of{' '}
          <code className={code}>{'{id}.{timestamp}.{body}'}</code> under the secret’s bytes after <code className={code}>whsec_</code>. Check it
          with a Standard Webhooks library before trusting the body, and drop repeated ids.
        </p>
        <a
          href="https://www.standardwebhooks.com"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          standardwebhooks.com
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done, I have copied it</Button>
      </DialogFooter>
    </DialogContent>
  );
}
