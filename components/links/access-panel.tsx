'use client';
// The Access tab of a link's or preset's settings: who gets in (password, expiry, email, code,
// allow and deny lists, the agreement) and what they may do (download, watermark).
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';
import { CheckRow, ErrorText, SectionTitle } from './controls';
import { parseList, toLocalInput } from './draft';
import { UnprovenListWarning } from './unproven-list-warning';
import { unprovenList } from '@/lib/shared/link-settings';
import type { PanelProps } from './settings-tabs';

const QUICK_EXPIRY = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
];

/** The agreement (NDA) visitors accept after the email step; the team's agreements are made on the Agreements page (or through /v1). */
function AgreementPicker({ draft, set, errors }: Pick<PanelProps, 'draft' | 'set' | 'errors'>) {
  const trpc = useTRPC();
  const agreements = useQuery(trpc.agreements.list.queryOptions({}));
  const list = agreements.data?.data ?? [];
  return (
    <section className="space-y-2">
      <SectionTitle>Agreement</SectionTitle>
      <Field
        label="Terms visitors accept first"
        error={errors.agreement_id}
        hint={
          agreements.isError
            ? 'Agreements could not be loaded; the setting is kept.'
            : draft.agreement_id
              ? 'Asked after the email, before the password; a visitor who accepted this version is not asked again.'
              : list.length
                ? 'None: visitors are not asked to accept terms.'
                : (
                  <>
                    The team has no agreements yet:{' '}
                    <a href="/agreements" target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                      write one on the Agreements page
                    </a>
                    .
                  </>
                )
        }
      >
        {(p) => (
          <Select {...p} data-testid="agreement-picker" value={draft.agreement_id} onChange={(e) => set('agreement_id', e.target.value)} disabled={agreements.isPending}>
            <option value="">None</option>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
            {draft.agreement_id && !list.some((a) => a.id === draft.agreement_id) && !agreements.isPending && <option value={draft.agreement_id}>Unknown agreement</option>}
          </Select>
        )}
      </Field>
    </section>
  );
}

export function AccessPanel({ kind, draft, set, errors, groupTarget = false }: PanelProps) {
  const allow = parseList(draft.allow_list).length;
  const deny = parseList(draft.deny_list).length;
  return (
    <div className="space-y-4">
      <section className="space-y-2">
        <SectionTitle>Who may open it</SectionTitle>
        <CheckRow
          label="Require an email address"
          description="Visitors give their email before they see anything; their views are recorded under it."
          checked={draft.email_protected || draft.email_authenticated}
          disabled={draft.email_authenticated}
          onChange={(v) => set('email_protected', v)}
        />
        <CheckRow
          label="Verify the email with a one-time code"
          description="A six-digit code is mailed to the address; only someone who can read that inbox gets in."
          checked={draft.email_authenticated}
          onChange={(v) => {
            set('email_authenticated', v);
            if (v) set('email_protected', true);
          }}
        />
        <ErrorText>{errors.email_protected ?? errors.email_authenticated}</ErrorText>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Allow only" hint={allow ? `${allow} ${allow === 1 ? 'entry' : 'entries'}` : 'Emails or domains, e.g. fund.example. Empty: anyone.'} error={errors.allow_list}>
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                invalid={p.invalid}
                value={draft.allow_list}
                onChange={(e) => {
                  set('allow_list', e.target.value);
                  // A list of who may enter means little unless visitors prove the address: turn
                  // the code on when the list starts (it can be turned off again, with the warning below).
                  if (!allow && parseList(e.target.value).length && !draft.email_authenticated) {
                    set('email_authenticated', true);
                    set('email_protected', true);
                  }
                }}
                placeholder={'ada@fund.example\nadvisors.example'}
              />
            )}
          </Field>
          <Field label="Block" hint={deny ? `${deny} ${deny === 1 ? 'entry' : 'entries'}` : 'Emails or domains that may never open it.'} error={errors.deny_list}>
            {(p) => (
              <Textarea {...p} rows={3} invalid={p.invalid} value={draft.deny_list} onChange={(e) => set('deny_list', e.target.value)} placeholder="competitor.example" />
            )}
          </Field>
        </div>
        {(allow > 0 || deny > 0) && !(draft.email_protected || draft.email_authenticated) && (
          <p className="text-xs text-zinc-500">Visitors will be asked for their email so the lists can be checked.</p>
        )}
        {unprovenList({ emailAuthenticated: draft.email_authenticated, allowList: parseList(draft.allow_list), groupDecides: groupTarget }) && (
          <UnprovenListWarning
            group={groupTarget}
            testId="unverified-warning"
            action={
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  set('email_authenticated', true);
                  set('email_protected', true);
                }}
              >
                Verify emails with a code
              </Button>
            }
          />
        )}
        <CheckRow
          label="Let refused visitors request access"
          description="Someone not on the list (or not in the group) can ask, with a verified email and a message. You approve or deny from the link’s page."
          checked={draft.allow_access_requests}
          onChange={(v) => set('allow_access_requests', v)}
        />
      </section>

      <AgreementPicker draft={draft} set={set} errors={errors} />

      <section className="space-y-2">
        <SectionTitle>Password and expiry</SectionTitle>
        <CheckRow
          label="Require a password"
          description="Share it separately from the link."
          checked={draft.password.mode !== 'none'}
          onChange={(v) => set('password', v ? { mode: 'set', value: '' } : { mode: 'none', value: '' })}
        >
          {draft.password.mode === 'keep' ? (
            <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
              <span>A password is set{draft.password.source ? ` by ${draft.password.source}` : ''}.</span>
              <Button variant="secondary" size="sm" onClick={() => set('password', { mode: 'set', value: '' })}>
                Change password
              </Button>
            </div>
          ) : (
            <Field label="Password" error={errors.password} hint="4 to 128 characters.">
              {(p) => (
                <Input
                  {...p}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={128}
                  value={draft.password.value}
                  onChange={(e) => set('password', { mode: 'set', value: e.target.value })}
                  className="max-w-xs font-mono"
                />
              )}
            </Field>
          )}
        </CheckRow>
        {draft.password.mode === 'keep' && <ErrorText>{errors.password}</ErrorText>}
        {kind === 'link' ? (
          <CheckRow
            label="Expire the link"
            description="After this moment the link shows that it has expired and records nothing."
            checked={draft.expires.enabled}
            onChange={(v) => set('expires', { enabled: v, at: v && !draft.expires.at ? toLocalInput(new Date(Date.now() + 7 * 86400_000)) : draft.expires.at })}
          >
            <div className="flex flex-wrap items-end gap-2">
              <Field label="Expires at" error={errors.expires_at}>
                {(p) => <Input {...p} type="datetime-local" value={draft.expires.at} onChange={(e) => set('expires', { enabled: true, at: e.target.value })} className="w-56" />}
              </Field>
              <div className="flex gap-1 pb-0.5" role="group" aria-label="Quick expiry">
                {QUICK_EXPIRY.map((q) => (
                  <Button key={q.days} variant="ghost" size="sm" onClick={() => set('expires', { enabled: true, at: toLocalInput(new Date(Date.now() + q.days * 86400_000)) })}>
                    {q.label}
                  </Button>
                ))}
              </div>
            </div>
          </CheckRow>
        ) : (
          <CheckRow
            label="Expire links made from this preset"
            description="Counted from the moment each link is created."
            checked={draft.expires_in.enabled}
            onChange={(v) => set('expires_in', { ...draft.expires_in, enabled: v })}
          >
            <Field label="Expire after" error={errors.expires_in}>
              {(p) => (
                <div className="flex gap-2">
                  <Input
                    {...p}
                    type="number"
                    min={1}
                    className="w-24"
                    value={draft.expires_in.amount}
                    onChange={(e) => set('expires_in', { ...draft.expires_in, amount: e.target.value })}
                  />
                  <Select
                    aria-label="Unit"
                    className="w-28"
                    value={draft.expires_in.unit}
                    onChange={(e) => set('expires_in', { ...draft.expires_in, unit: e.target.value as 'hours' | 'days' })}
                  >
                    <option value="hours">hours</option>
                    <option value="days">days</option>
                  </Select>
                </div>
              )}
            </Field>
          </CheckRow>
        )}
        {!draft.expires.enabled && kind === 'link' && <ErrorText>{errors.expires_at}</ErrorText>}
      </section>
    </div>
  );
}

