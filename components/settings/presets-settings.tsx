'use client';
// Link presets: named settings that seed new links (password, expiry after creation, email
// gate, lists, watermark, branding texts, custom fields, social card). Create, edit, delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Pencil, Plus, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { errorMessage, fieldErrors, sentence } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { checkDraft, draftFromPreset, emptyDraft, FIELD_TAB, presetBody, type Draft, type Errors, type PresetItem, type Tab } from '@/components/links/draft';
import { StickyFooter } from '@/components/links/controls';
import { SettingsTabs, tabOfFirstError } from '@/components/links/settings-tabs';

/** What a preset sets, in a few words. */
export function presetSummary(p: PresetItem): string[] {
  const out: string[] = [];
  if (p.email_authenticated) out.push('Verified email');
  else if (p.email_protected) out.push('Email');
  if (p.is_password_protected) out.push('Password');
  if (p.expires_in) out.push(`Expires after ${p.expires_in % 86400 === 0 ? `${p.expires_in / 86400} d` : `${Math.round(p.expires_in / 3600)} h`}`);
  if (p.allow_list.length) out.push(`Allows ${p.allow_list.length}`);
  if (p.deny_list.length) out.push(`Blocks ${p.deny_list.length}`);
  if (p.watermark_config) out.push('Watermark');
  if (p.allow_download) out.push('Download');
  if (p.custom_fields?.length) out.push(`${p.custom_fields.length} ${p.custom_fields.length === 1 ? 'question' : 'questions'}`);
  if (p.enable_custom_meta) out.push('Social card');
  return out;
}

export function PresetsSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const presets = useQuery({ ...trpc.linkPresets.list.queryOptions({}), staleTime: 0 });
  const [dialog, setDialog] = useState<{ preset: PresetItem | null } | null>(null);
  const [deleting, setDeleting] = useState<PresetItem | null>(null);
  const key = trpc.linkPresets.list.queryKey({});
  const del = useMutation(
    trpc.linkPresets.delete.mutationOptions({
      // Gone from the list at once; back if the server refuses.
      onMutate: async ({ id }) => {
        setDeleting(null);
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData(key);
        queryClient.setQueryData(key, (d) => d && { ...d, data: d.data.filter((p) => p.id !== id) });
        return { before };
      },
      onError: (e, _v, ctx) => {
        if (ctx?.before) queryClient.setQueryData(key, ctx.before);
        notify(errorMessage(e), 'error');
      },
      onSuccess: () => notify('Preset deleted. Links made from it keep their settings.'),
      onSettled: () => queryClient.invalidateQueries(trpc.linkPresets.pathFilter()),
    }),
  );
  const newButton = (
    <Button onClick={() => setDialog({ preset: null })}>
      <Plus className="h-4 w-4" aria-hidden />
      New preset
    </Button>
  );

  return (
    <>
      <PageHeader title="Link presets" description="Settings you use often, saved once. Pick a preset when you share, then change anything for that link." actions={newButton} />
      <Card>
        <DataTable
          label="Link presets"
          rows={presets.data?.data}
          rowKey={(p) => p.id}
          rowTestId="preset-row"
          minWidth={620}
          pending={presets.isPending}
          error={presets.error}
          onRetry={() => presets.refetch()}
          errorTitle="Presets could not be loaded"
          empty={
            <EmptyState icon={SlidersHorizontal} title="No presets yet" action={newButton}>
              A preset could be “Investors”: email verified by code, a watermark with their address, no downloads, expiring after 30 days.
            </EmptyState>
          }
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (p: PresetItem) => (
                <button type="button" onClick={() => setDialog({ preset: p })} className="max-w-56 truncate text-left font-medium text-zinc-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
                  {p.name}
                </button>
              ),
            },
            {
              key: 'sets',
              header: 'Sets',
              cell: (p: PresetItem) => {
                const s = presetSummary(p);
                return s.length ? (
                  <div className="flex max-w-md flex-wrap gap-1">
                    {s.map((x) => (
                      <Badge key={x}>{x}</Badge>
                    ))}
                  </div>
                ) : (
                  <span className="text-zinc-400">Defaults only</span>
                );
              },
            },
            { key: 'updated', header: 'Updated', className: 'w-32 whitespace-nowrap text-zinc-600', cell: (p: PresetItem) => <RelativeTime iso={p.updated_at} /> },
            {
              key: 'actions',
              header: 'Actions',
              hiddenHeader: true,
              className: 'w-14 text-right',
              cell: (p: PresetItem) => (
                <Menu>
                  <MenuTrigger asChild>
                    <Button variant="ghost" size="icon" aria-label={`Actions for ${p.name}`}>
                      <MoreHorizontal className="h-4 w-4" aria-hidden />
                    </Button>
                  </MenuTrigger>
                  <MenuContent>
                    <MenuItem icon={Pencil} onSelect={() => setDialog({ preset: p })}>
                      Edit preset
                    </MenuItem>
                    <MenuSeparator />
                    <MenuItem icon={Trash2} danger onSelect={() => setDeleting(p)}>
                      Delete preset
                    </MenuItem>
                  </MenuContent>
                </Menu>
              ),
            },
          ]}
        />
      </Card>
      <PresetDialog open={!!dialog} onOpenChange={(o) => !o && setDialog(null)} preset={dialog?.preset ?? null} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete preset"
        onConfirm={() => deleting && del.mutate({ id: deleting.id })}
      >
        <p>Links made from it keep their settings. It is no longer offered when sharing.</p>
      </ConfirmDialog>
    </>
  );
}

function PresetDialog({ open, onOpenChange, preset }: { open: boolean; onOpenChange: (o: boolean) => void; preset: PresetItem | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <PresetForm preset={preset} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PresetForm({ preset, onClose }: { preset: PresetItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [draft, setDraftState] = useState<Draft>(() => (preset ? draftFromPreset(preset) : emptyDraft()));
  const [tab, setTab] = useState<Tab>('access');
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const done = async (p: PresetItem) => {
    await queryClient.invalidateQueries(trpc.linkPresets.pathFilter());
    notify(preset ? `Preset “${p.name}” saved.` : `Preset “${p.name}” created.`);
    onClose();
  };
  const create = useMutation(trpc.linkPresets.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.linkPresets.update.mutationOptions({ onSuccess: done }));
  const mutation = preset ? update : create;
  const serverErrors = useMemo(() => {
    const out: Errors = {};
    for (const [k, v] of Object.entries(fieldErrors(mutation.error))) out[k] = sentence(v);
    return out;
  }, [mutation.error]);
  const errors: Errors = { ...serverErrors, ...clientErrors };
  const general = mutation.error && !Object.keys(serverErrors).some((k) => k === 'name' || FIELD_TAB[k]) ? errorMessage(mutation.error) : null;
  useEffect(() => {
    const t = tabOfFirstError(serverErrors);
    if (t) setTab(t);
  }, [serverErrors]);
  const setDraft = (fn: (d: Draft) => Draft) => {
    setDraftState(fn);
    if (Object.keys(clientErrors).length) setClientErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDraft(draft, 'preset');
    setClientErrors(found);
    if (Object.keys(found).length) {
      const t = tabOfFirstError(found);
      if (t) setTab(t);
      return;
    }
    const body = presetBody(draft, preset);
    if (preset) update.mutate({ id: preset.id, ...body });
    else create.mutate(body);
  };

  return (
    <DialogContent
      title={preset ? `Edit “${preset.name}”` : 'New link preset'}
      description="What links made from this preset start with. Changing a preset does not change links already made."
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Preset name" error={errors.name}>
          {(p) => <Input {...p} autoFocus maxLength={255} value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} placeholder="e.g. Investors" className="sm:max-w-sm" />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-zinc-300 text-brand-600"
            checked={draft.enable_notification}
            onChange={(e) => setDraft((d) => ({ ...d, enable_notification: e.target.checked }))}
          />
          Notify by email when someone opens a link made from it
        </label>
        <SettingsTabs kind="preset" draft={draft} setDraft={setDraft} errors={errors} tab={tab} onTab={setTab} />
        {general && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {general}
          </p>
        )}
        <StickyFooter>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {preset ? 'Save preset' : 'Create preset'}
          </Button>
        </StickyFooter>
      </form>
    </DialogContent>
  );
}
