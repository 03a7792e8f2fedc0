'use client';
// The approval page's steps: the code, the request (client, device, scopes, team), the outcome.
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MonitorSmartphone, XCircle } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';
import type { DeviceRequestView } from '@/server/oauth/approval';
import { describeAgent } from '@/lib/shared/user-agent';
import { ApprovalReview } from './approval-review';

function Outcome({ approved, team }: { approved: boolean; team?: string }) {
  const Icon = approved ? CheckCircle2 : XCircle;
  return (
    <div className="text-center" role="status">
      <div className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full ${approved ? 'bg-emerald-50 text-emerald-600' : 'bg-zinc-100 text-zinc-500'}`}>
        <Icon className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">{approved ? 'Device connected' : 'Sign-in denied'}</h1>
      <p className="mt-2 text-sm text-zinc-600">
        {approved
          ? `The device now acts for ${team ?? 'your team'}. Go back to it: it finishes signing in within a few seconds.`
          : 'The device was not given access. You can close this page.'}
      </p>
      <Link href="/settings/connected-apps" className={buttonClass('secondary', 'md', 'mt-6 w-full')}>
        Manage connected apps
      </Link>
    </div>
  );
}

function Review({ request, onDone }: { request: DeviceRequestView; onDone: (approved: boolean, team?: string) => void }) {
  const trpc = useTRPC();
  const decide = useMutation(
    trpc.oauth.decideDevice.mutationOptions({
      onSuccess: (d) => onDone(d.approved, request.teams.find((t) => t.id === d.team?.id)?.name),
    }),
  );
  return (
    <ApprovalReview
      icon={MonitorSmartphone}
      clientName={request.client_name}
      verified={request.verified_client}
      details={[
        { label: 'Code', value: request.user_code, mono: true },
        { label: 'Requested from', value: request.device_ip ?? 'unknown address', testId: 'device-ip' },
        { label: 'Device', value: describeAgent(request.device_agent), title: request.device_agent ?? undefined },
      ]}
      warning="Only continue if you started this sign-in yourself and the code matches the one on your device."
      scopes={request.scopes}
      teams={request.teams}
      subject="The device"
      pending={decide.isPending ? (decide.variables?.approve ? 'approve' : 'deny') : null}
      error={decide.error ? errorMessage(decide.error) : null}
      onDecide={(approve, teamId) => decide.mutate({ user_code: request.user_code, approve, team_id: approve ? teamId : undefined })}
    />
  );
}

function Approval({ initialCode, email }: { initialCode: string; email: string }) {
  const trpc = useTRPC();
  const [code, setCode] = useState(initialCode);
  const [done, setDone] = useState<{ approved: boolean; team?: string } | null>(null);
  const describe = useMutation(trpc.oauth.describeDevice.mutationOptions());
  const looked = useRef(false);
  useEffect(() => {
    if (initialCode && !looked.current) {
      looked.current = true;
      describe.mutate({ user_code: initialCode });
    }
  }, [initialCode, describe]);

  if (done) return <Outcome {...done} />;
  if (describe.data) return <Review request={describe.data} onDone={(approved, team) => setDone({ approved, team })} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        describe.mutate({ user_code: code });
      }}
    >
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Connect a device</h1>
      <p className="mt-1 text-sm text-zinc-600">
        Enter the code shown by the app or terminal that asked to sign in. You are signed in as <strong className="font-medium text-zinc-900">{email}</strong>.
      </p>
      <Field label="Code" className="mt-5" error={describe.error ? errorMessage(describe.error) : null}>
        {(p) => (
          <Input
            {...p}
            name="user_code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="BCDF-GHJK"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            className="h-11 text-center font-mono text-lg tracking-[0.3em] uppercase"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-5 w-full" loading={describe.isPending} disabled={!code.trim()}>
        Continue
      </Button>
    </form>
  );
}

export function DeviceApproval(props: { initialCode: string; email: string }) {
  return (
    <TRPCReactProvider>
      <Approval {...props} />
    </TRPCReactProvider>
  );
}
