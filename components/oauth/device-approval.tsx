'use client';
// The approval page's steps: the code, the request (client, device, scopes, team), the outcome.
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MonitorSmartphone, ShieldAlert, XCircle } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { TRPCReactProvider, useTRPC } from '@/lib/trpc/react';
import type { DeviceRequestView } from '@/server/oauth/approval';
import { describeAgent } from './agent';

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
  const [teamId, setTeamId] = useState(request.teams[0]?.id ?? '');
  const decide = useMutation(
    trpc.oauth.decideDevice.mutationOptions({
      onSuccess: (d) => onDone(d.approved, request.teams.find((t) => t.id === d.team?.id)?.name),
    }),
  );
  const submit = (approve: boolean) => decide.mutate({ user_code: request.user_code, approve, team_id: approve ? teamId : undefined });
  return (
    <div>
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MonitorSmartphone className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-center text-xl font-semibold tracking-tight text-zinc-900">
        Connect <span data-testid="client-name">{request.client_name}</span>?
      </h1>
      <div className="mt-2 flex justify-center">
        {request.verified_client ? (
          <Badge tone="green">Official Quire app</Badge>
        ) : (
          <Badge tone="amber">
            <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Unverified app: registered by its own developer
          </Badge>
        )}
      </div>
      <dl className="mt-5 space-y-2 rounded-xl bg-zinc-50 p-4 text-sm ring-1 ring-zinc-200">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Code</dt>
          <dd className="font-mono font-medium tracking-wider text-zinc-900">{request.user_code}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Requested from</dt>
          <dd className="text-right text-zinc-900" data-testid="device-ip">{request.device_ip ?? 'unknown address'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Device</dt>
          <dd className="truncate text-right text-zinc-900" title={request.device_agent ?? undefined}>
            {describeAgent(request.device_agent)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-zinc-500">
        Only continue if you started this sign-in yourself and the code matches the one on your device.
      </p>
      <h2 className="mt-5 text-sm font-medium text-zinc-900">It will be able to</h2>
      <ul className="mt-2 space-y-1.5 text-sm text-zinc-700" data-testid="scopes">
        {request.scopes.map((s) => (
          <li key={s.scope} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <span>
              {s.description} <span className="text-xs text-zinc-400">({s.scope})</span>
            </span>
          </li>
        ))}
      </ul>
      {request.teams.length === 0 ? (
        <p className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          You are not in a team yet. <Link href="/teams/new" className="font-medium underline">Create a team</Link> first.
        </p>
      ) : (
        <Field label="For team" className="mt-5">
          {(p) => (
            <Select {...p} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
              {request.teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {decide.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(decide.error)}
        </p>
      )}
      <div className="mt-6 flex gap-3">
        <Button variant="secondary" size="lg" className="flex-1" disabled={decide.isPending} onClick={() => submit(false)}>
          Deny
        </Button>
        <Button size="lg" className="flex-1" disabled={!teamId} loading={decide.isPending && decide.variables?.approve} onClick={() => submit(true)}>
          Approve
        </Button>
      </div>
    </div>
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
