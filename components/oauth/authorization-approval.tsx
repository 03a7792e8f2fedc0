'use client';
// The consent page of an authorization-code request (an MCP client asking for access): the same
// review as a device login, then the browser goes back to the app (with a code, or access_denied).
import { useMutation } from '@tanstack/react-query';
import { Bot, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';
import { ApprovalReview } from './approval-review';

/** `http://127.0.0.1:33418/callback` → `127.0.0.1:33418` (what the user can check). */
function place(uri: string) {
  try {
    const u = new URL(uri);
    return u.protocol === 'https:' ? u.host : `${u.host} (this computer)`;
  } catch {
    return uri;
  }
}

function Consent({ uid }: { uid: string }) {
  const trpc = useTRPC();
  const describe = useMutation(trpc.oauth.describeAuthorization.mutationOptions());
  const [leaving, setLeaving] = useState(false);
  const decide = useMutation(
    trpc.oauth.decideAuthorization.mutationOptions({
      onSuccess: (d) => {
        setLeaving(true);
        window.location.assign(d.redirect_to);
      },
    }),
  );
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      describe.mutate({ uid });
    }
  }, [uid, describe]);

  if (describe.error) {
    return (
      <div className="text-center" role="alert">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">
          <XCircle className="h-6 w-6" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">This request cannot be approved</h1>
        <p className="mt-2 text-sm text-zinc-600">{errorMessage(describe.error)}</p>
      </div>
    );
  }
  const r = describe.data;
  if (!r || leaving) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-sm text-zinc-600" role="status">
        <Loader2 className="h-6 w-6 animate-spin text-brand-600" aria-hidden />
        {leaving ? 'Returning to the app…' : 'Loading the request…'}
      </div>
    );
  }
  return (
    <ApprovalReview
      icon={Bot}
      clientName={r.client_name}
      verified={r.verified_client}
      details={[
        { label: 'Access to', value: r.resource_name, title: r.resource },
        { label: 'Returns to', value: place(r.redirect_uri), title: r.redirect_uri, testId: 'redirect-uri', wrap: true },
      ]}
      warning="Only continue if you just asked this app to connect to Quire. Quire has not checked who made it."
      scopes={r.scopes}
      teams={r.teams}
      subject="The app"
      pending={decide.isPending ? (decide.variables?.approve ? 'approve' : 'deny') : null}
      error={decide.error ? errorMessage(decide.error) : null}
      onDecide={(approve, teamId) => decide.mutate({ uid, approve, team_id: approve ? teamId : undefined })}
    />
  );
}

export function AuthorizationApproval({ uid }: { uid: string }) {
  return (
    <TRPCReactProvider>
      <Consent uid={uid} />
    </TRPCReactProvider>
  );
}
