'use client';
// Settings → Security → Team rules (admins change them, everyone sees them): require two-factor
// of every member, and the IP allow list the team's dashboard and API tokens must come from.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useIsAdmin } from '@/components/shell/team-context';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { addressAllowed, parseRule } from '@/lib/shared/ip-rules';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

const rulesOf = (text: string) => text.split(/[\s,]+/).map((r) => r.trim()).filter(Boolean);

export function TeamRulesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = useIsAdmin();
  const rules = useQuery(trpc.security.team.get.queryOptions());
  const [list, setList] = useState('');
  const [requireTwoFactor, setRequireTwoFactor] = useState(false);
  useEffect(() => {
    if (rules.data) {
      setList(rules.data.ip_allow_list.join('\n'));
      setRequireTwoFactor(rules.data.require_two_factor);
    }
  }, [rules.data]);
  const save = useMutation(
    trpc.security.team.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.security.team.get.queryFilter());
        notify('Security settings saved.');
      },
    }),
  );
  const entries = rulesOf(list);
  const bad = entries.filter((r) => !parseRule(r));
  const you = rules.data?.your_ip_address ?? null;
  const leavesYouOut = entries.length > 0 && bad.length === 0 && !addressAllowed(you, entries);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ require_two_factor: requireTwoFactor, ip_allow_list: entries });
  };
  return (
    <Card>
      <CardHeader title="Team rules" description={isAdmin ? 'What every member of the team must do to reach it.' : 'Set by your team’s admins.'} />
      {rules.isPending ? (
        <div className="p-5">
          <Spinner />
        </div>
      ) : rules.error ? (
        <p role="alert" className="p-5 text-sm text-red-600">
          {errorMessage(rules.error)}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-6 p-5" data-testid="team-rules">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500"
              checked={requireTwoFactor}
              disabled={!isAdmin}
              onChange={(e) => setRequireTwoFactor(e.target.checked)}
              name="require_two_factor"
            />
            <span>
              <span className="block text-sm font-medium text-zinc-900">Require two-factor authentication</span>
              <span className="block text-sm text-zinc-500">Members without it set it up at their next sign-in, before they reach the team.</span>
            </span>
          </label>
          <Field
            label="IP allow list"
            hint={
              <>
                One address or CIDR per line (IPv4 or IPv6), such as 203.0.113.0/24. Limits this team’s dashboard and its API tokens; empty allows any
                address. {you ? <>You are connecting from <span className="font-mono">{you}</span>.</> : null}
              </>
            }
            error={
              bad.length
                ? `Not an address or CIDR: ${bad.slice(0, 3).join(', ')}`
                : leavesYouOut
                  ? 'This list leaves out the address you are using now: add it first, or you would be signed out of the team.'
                  : save.error
                    ? errorMessage(save.error)
                    : null
            }
          >
            {(p) => (
              <Textarea {...p} name="ip_allow_list" rows={4} value={list} onChange={(e) => setList(e.target.value)} disabled={!isAdmin} spellCheck={false} className="font-mono text-xs" placeholder={'203.0.113.0/24\n2001:db8::/32'} />
            )}
          </Field>
          {isAdmin && (
            <Button type="submit" variant="secondary" loading={save.isPending} disabled={bad.length > 0 || leavesYouOut}>
              Save rules
            </Button>
          )}
        </form>
      )}
    </Card>
  );
}
