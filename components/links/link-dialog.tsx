'use client';
// The one dialog that creates and edits links, opened from the Links page, a document's or a
// room's Share button and a group's "Share with this group". A preset seeds the form; every
// setting can then be changed. After creating, it shows the URL to copy.
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, FileText, FolderLock, Users } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage, fieldErrors, sentence } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useAgreementName } from './agreement-name';
import {
  FIELD_TAB,
  checkDraft,
  createBody,
  draftFromLink,
  emptyDraft,
  linkTitle,
  seedFromPreset,
  updateBody,
  type Draft,
  type Errors,
  type LinkItem,
  type Tab,
  type Target,
} from './draft';
import { StickyFooter } from './controls';
import { useLinkSummaries, useRefreshLinks } from './hooks';
import { SettingsTabs, tabOfFirstError } from './settings-tabs';
import { AudienceSelect, TargetPicker } from './target-picker';

export type LinkDialogProps = {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Pre-targeted (document page, room page, group tab); absent: the dialog asks. */
  target?: Target | null;
  /** Edit this link instead of creating one. */
  link?: LinkItem | null;
};

const isGroupTarget = (t: Target | null) => t?.kind === 'dataroom' && !!t.groupId;
const verifiedForGroup = (d: Draft, t: Target | null): Draft => (isGroupTarget(t) && !d.email_authenticated ? { ...d, email_authenticated: true, email_protected: true } : d);

export function LinkDialog(props: LinkDialogProps) {
  // The body mounts on each opening: a fresh form every time.
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open && <LinkDialogBody {...props} />}
    </Dialog>
  );
}

function LinkDialogBody({ onOpenChange, target: initialTarget, link }: LinkDialogProps) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshLinks();
  const editing = !!link;
  const [draft, setDraftState] = useState<Draft>(() => (link ? draftFromLink(link) : verifiedForGroup(emptyDraft(), initialTarget ?? null)));
  const [target, setTargetState] = useState<Target | null>(initialTarget ?? null);
  // A new group link asks for the one-time code by default (as the API does): the group decides who enters.
  const setTarget = (t: Target | null) => {
    setTargetState(t);
    if (!editing) setDraftState((d) => verifiedForGroup(d, t));
  };
  const [presetId, setPresetId] = useState('');
  const [tab, setTab] = useState<Tab>('access');
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const presets = useQuery({ ...trpc.linkPresets.list.queryOptions({}), enabled: !editing });
  const preset = presets.data?.data.find((p) => p.id === presetId) ?? null;

  const create = useMutation(trpc.links.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(
    trpc.links.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notify('Link saved.');
        onOpenChange(false);
      },
    }),
  );
  const mutation = editing ? update : create;
  const serverErrors = useMemo(() => {
    const out: Errors = {};
    for (const [k, v] of Object.entries(fieldErrors(mutation.error))) out[k] = sentence(v);
    return out;
  }, [mutation.error]);
  const errors: Errors = { ...serverErrors, ...clientErrors };
  // An error the form cannot place next to a field is shown at the bottom.
  const placed = new Set([...Object.keys(FIELD_TAB), 'name', 'document_id', 'dataroom_id', 'group_id', 'audience_type', 'preset_id']);
  const general = mutation.error && !Object.keys(serverErrors).some((k) => placed.has(k)) ? errorMessage(mutation.error) : null;

  useEffect(() => {
    const t = tabOfFirstError(serverErrors);
    if (t) setTab(t);
  }, [serverErrors]);

  const setDraft = (fn: (d: Draft) => Draft) => {
    setDraftState(fn);
    if (Object.keys(clientErrors).length) setClientErrors({});
  };

  const choosePreset = (id: string) => {
    setPresetId(id);
    const p = presets.data?.data.find((x) => x.id === id);
    setDraftState((d) => (p ? seedFromPreset(d, p) : { ...emptyDraft(), name: d.name, brand_id: d.brand_id }));
    setClientErrors({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDraft(draft, 'link');
    if (!editing && !target) found.target = 'Choose what to share.';
    setClientErrors(found);
    if (Object.keys(found).length) {
      const t = tabOfFirstError(found);
      if (t) setTab(t);
      return;
    }
    if (link) update.mutate(updateBody(draft, link));
    else if (target) create.mutate(createBody(draft, target, preset));
  };

  if (create.data) return <Created link={create.data} target={target} onDone={() => onOpenChange(false)} />;

  return (
    <DialogContent
      title={editing ? `Edit “${linkTitle(link)}”` : 'Share with a link'}
      description={editing ? undefined : 'Choose who gets in and what they may do. You can change every setting later.'}
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {editing ? (
          <TargetLine link={link} />
        ) : initialTarget ? (
          <div className="space-y-3">
            <TargetChip target={initialTarget} />
            {initialTarget.kind === 'dataroom' && target?.kind === 'dataroom' && <AudienceSelect target={target} onChange={setTarget} />}
          </div>
        ) : (
          <TargetPicker value={target} onChange={(t) => (setTarget(t), setClientErrors({}))} error={errors.target ?? errors.document_id ?? errors.dataroom_id} />
        )}
        {(errors.group_id || errors.audience_type) && <p className="text-sm text-red-600">{errors.group_id ?? errors.audience_type}</p>}

        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Link name" hint="Only your team sees it; also {{link_name}} in watermarks." error={errors.name}>
            {(p) => <Input {...p} maxLength={255} value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} placeholder="e.g. Acme Ventures — first look" />}
          </Field>
          {!editing && (
            <Field
              label="Preset"
              error={errors.preset_id}
              hint={presets.data?.data.length === 0 ? 'Save settings you reuse as presets in Settings.' : preset ? 'The form shows what the preset sets; change anything.' : 'Start from saved settings.'}
            >
              {(p) => (
                <Select {...p} value={presetId} onChange={(e) => choosePreset(e.target.value)} disabled={presets.isPending || !presets.data?.data.length}>
                  <option value="">{presets.isPending ? 'Loading…' : 'No preset'}</option>
                  {presets.data?.data.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-zinc-300 text-brand-600"
            checked={draft.enable_notification}
            onChange={(e) => setDraft((d) => ({ ...d, enable_notification: e.target.checked }))}
          />
          Email me when someone opens it
        </label>

        <SettingsTabs
          kind="link"
          draft={draft}
          setDraft={setDraft}
          errors={errors}
          tab={tab}
          onTab={setTab}
          groupLink={editing ? !!link?.group_id : target?.kind === 'dataroom' && !!target.groupId}
        />

        {general && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {general}
          </p>
        )}
        <StickyFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? 'Save changes' : 'Create link'}
          </Button>
        </StickyFooter>
      </form>
    </DialogContent>
  );
}

export function TargetChip({ target }: { target: Target }) {
  const Icon = target.kind === 'document' ? FileText : FolderLock;
  return (
    <div className="flex items-center gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200">
      <Icon className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
      <span className="text-zinc-500">{target.kind === 'document' ? 'Document' : 'Data room'}</span>
      <span className="min-w-0 truncate font-medium text-zinc-900">{target.name ?? '…'}</span>
      {target.kind === 'dataroom' && target.groupName && (
        <span className="ml-auto flex shrink-0 items-center gap-1 text-zinc-600">
          <Users className="h-3.5 w-3.5" aria-hidden />
          {target.groupName}
        </span>
      )}
    </div>
  );
}

function TargetLine({ link }: { link: LinkItem }) {
  const s = useLinkSummaries([link.id]).map.get(link.id);
  const target: Target = link.document_id
    ? { kind: 'document', id: link.document_id, name: s?.document_name ?? undefined }
    : { kind: 'dataroom', id: link.dataroom_id!, name: s?.dataroom_name ?? undefined, groupId: link.group_id, groupName: s?.group_name ?? undefined };
  return <TargetChip target={target} />;
}

function Created({ link, target, onDone }: { link: LinkItem; target: Target | null; onDone: () => void }) {
  const agreementName = useAgreementName(link.agreement_id);
  const protections = [
    link.is_password_protected && 'password',
    link.email_authenticated ? 'verified email' : link.email_protected && 'email',
    link.agreement_id && `accepting the NDA “${agreementName ?? '…'}”`,
    link.expires_at && `expires ${new Date(link.expires_at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}`,
    link.watermark_config && 'watermark',
    link.allow_download && 'downloads allowed',
    !link.enable_search && 'search turned off',
  ].filter(Boolean) as string[];
  return (
    <DialogContent title="Your link is ready" className="sm:max-w-lg">
      <div className="flex items-start gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
        <p>
          Anyone you send it to can open {target?.name ? <strong className="font-semibold">{target.name}</strong> : 'it'}
          {target?.kind === 'dataroom' && target.groupName ? ` as the group ${target.groupName}` : ''}
          {protections.length ? ` after the checks: ${protections.join(', ')}.` : '.'}
        </p>
      </div>
      <div className="mt-4 space-y-1.5">
        <p className="text-sm font-medium text-zinc-800">{linkTitle(link)}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code data-testid="new-link-url" className="block min-w-0 flex-1 truncate rounded-lg bg-zinc-100 px-3 py-2 font-mono text-[13px] text-zinc-800 ring-1 ring-zinc-200 select-all">
            {link.url}
          </code>
          <CopyButton value={link.url} label="Copy link" />
        </div>
      </div>
      <DialogFooter>
        <a href={link.url} target="_blank" rel="noreferrer" className={buttonClass('ghost')}>
          <ExternalLink className="h-4 w-4" aria-hidden />
          Open
        </a>
        <Link href={`/links/${link.id}`} className={buttonClass('secondary')} onClick={onDone}>
          Link details
        </Link>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </DialogContent>
  );
}
