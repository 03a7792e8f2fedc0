'use client';
// The approval screen's review step, shared by device logins (/device) and authorization-code
// consent (/authorize/{uid}): the client (official or unverified), what identifies the request,
// the scopes in plain words, the team picker, Deny and Approve.
import { CheckCircle2, ShieldAlert, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/input';

export type ReviewDetail = { label: string; value: ReactNode; title?: string; testId?: string; mono?: boolean; wrap?: boolean };

export type ReviewProps = {
  icon: LucideIcon;
  clientName: string;
  verified: boolean;
  details: ReviewDetail[];
  warning: string;
  scopes: { scope: string; description: string }[];
  teams: { id: string; name: string }[];
  /** What the Approve button says it acts for ("This device", "This app"). */
  subject: string;
  pending: 'approve' | 'deny' | null;
  error: string | null;
  onDecide: (approve: boolean, teamId: string) => void;
};

export function ApprovalReview(p: ReviewProps) {
  const [teamId, setTeamId] = useState(p.teams[0]?.id ?? '');
  const Icon = p.icon;
  return (
    <div>
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-center text-xl font-semibold tracking-tight text-zinc-900">
        Connect <span data-testid="client-name">{p.clientName}</span>?
      </h1>
      <div className="mt-2 flex justify-center">
        {p.verified ? (
          <Badge tone="green">Official Quire app</Badge>
        ) : (
          <Badge tone="amber">
            <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Unverified app: registered by its own developer
          </Badge>
        )}
      </div>
      <dl className="mt-5 space-y-2 rounded-xl bg-zinc-50 p-4 text-sm ring-1 ring-zinc-200">
        {p.details.map((d) => (
          <div key={d.label} className="flex justify-between gap-4">
            <dt className="shrink-0 text-zinc-500">{d.label}</dt>
            <dd
              className={`min-w-0 text-right text-zinc-900 ${d.wrap ? 'break-words' : 'truncate'} ${d.mono ? 'font-mono font-medium tracking-wider' : ''}`}
              title={d.title}
              data-testid={d.testId}
            >
              {d.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-zinc-500">{p.warning}</p>
      <h2 className="mt-5 text-sm font-medium text-zinc-900">It will be able to</h2>
      <ul className="mt-2 space-y-1.5 text-sm text-zinc-700" data-testid="scopes">
        {p.scopes.map((s) => (
          <li key={s.scope} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            <span>
              {s.description} <span className="text-xs text-zinc-400">({s.scope})</span>
            </span>
          </li>
        ))}
      </ul>
      {p.teams.length === 0 ? (
        <p className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          You are not in a team yet. <Link href="/teams/new" className="font-medium underline">Create a team</Link> first.
        </p>
      ) : (
        <Field label="For team" className="mt-5">
          {(f) => (
            <Select {...f} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
              {p.teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {p.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {p.error}
        </p>
      )}
      <div className="mt-6 flex gap-3">
        <Button variant="secondary" size="lg" className="flex-1" disabled={p.pending !== null} onClick={() => p.onDecide(false, teamId)}>
          Deny
        </Button>
        <Button size="lg" className="flex-1" disabled={!teamId || p.pending !== null} loading={p.pending === 'approve'} onClick={() => p.onDecide(true, teamId)}>
          Approve
        </Button>
      </div>
      <p className="mt-4 text-center text-xs text-zinc-500">{p.subject} acts for you in the team you pick, with only these permissions. You can revoke it any time in Settings → Connected apps.</p>
    </div>
  );
}
