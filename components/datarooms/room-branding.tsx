'use client';
// A room's Branding tab: which source visitors see (the team default, one brand, or the room's
// own custom settings), what they see now, and the custom settings in the brand editor. A
// frozen room shows all of it read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Lock } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { BrandingEditor } from '@/components/branding/branding-editor';
import type { Brand, RoomBranding } from '@/components/branding/model';
import { LinkPreviewCard } from '@/components/branding/preview';
import { ViewerPreview } from '@/components/branding/viewer-preview';
import { putRoomImage } from '@/components/branding/upload';
import { useIdentity } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { Room } from './hooks';

type Mode = RoomBranding['mode'];
type Choice = { mode: Mode; brandId: string };

const choiceOf = (b: RoomBranding, brands: Brand[]): Choice => ({
  mode: b.mode,
  brandId: b.brand_id ?? brands.find((x) => x.is_default)?.id ?? brands[0]?.id ?? '',
});

/** "Brand “Acme” (the team default)": where what visitors see comes from. */
export function sourceLabel(b: RoomBranding, brands: Brand[]): string {
  const e = b.effective;
  const name = brands.find((x) => x.id === e.source_brand_id)?.name;
  switch (e.source) {
    case 'custom':
      return 'This room’s custom branding';
    case 'team_brand':
      return name ? `The brand “${name}”, chosen for this room` : 'A brand chosen for this room';
    case 'team_default':
      return name ? `The team default brand, “${name}”` : 'The team default brand';
    case 'link_brand':
      return name ? `The link’s brand “${name}”` : 'The link’s brand';
    default:
      return 'Quire’s default look (the team has no brands)';
  }
}

export function RoomBrandingTab({ room }: { room: Room }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const { team } = useIdentity();
  const branding = useQuery(trpc.datarooms.branding.get.queryOptions({ id: room.id }));
  const usage = useQuery(trpc.brands.usage.queryOptions({}));
  const brandsQ = useQuery(trpc.brands.list.queryOptions({}));
  const brands = brandsQ.data?.data ?? [];
  const [choice, setChoice] = useState<Choice | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.datarooms.branding.pathFilter());

  const b = branding.data;
  useEffect(() => {
    if (b && brandsQ.data) setChoice(choiceOf(b, brandsQ.data.data));
  }, [b, brandsQ.data]);

  const setMode = useMutation(
    trpc.datarooms.branding.update.mutationOptions({
      onSuccess: async (r) => {
        queryClient.setQueryData(trpc.datarooms.branding.get.queryKey({ id: room.id }), r);
        await refresh();
        setConfirmReset(false);
        notify(r.mode === 'custom' ? 'The room now has its own branding.' : r.mode === 'team_brand' ? 'The room now shows the chosen brand.' : 'The room now follows the team default.');
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );
  const saveCustom = useMutation(trpc.datarooms.branding.update.mutationOptions());

  if (branding.isPending || usage.isPending || brandsQ.isPending || !choice) {
    if (branding.error || usage.error || brandsQ.error) {
      const error = branding.error ?? usage.error ?? brandsQ.error;
      return (
        <Card>
          <EmptyState
            icon={CircleAlert}
            title="The room’s branding could not be loaded"
            action={
              <Button variant="secondary" onClick={() => (branding.refetch(), usage.refetch(), brandsQ.refetch())}>
                Try again
              </Button>
            }
          >
            {errorMessage(error)}
          </EmptyState>
        </Card>
      );
    }
    return (
      <div aria-busy="true" aria-label="Branding: loading" className="grid gap-5 xl:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (!b || !usage.data) return null;

  const frozen = room.is_frozen;
  const defaultBrand = brands.find((x) => x.is_default);
  const changed = choice.mode !== b.mode || (choice.mode === 'team_brand' && choice.brandId !== b.brand_id);
  const apply = () => {
    if (choice.mode === 'team_default') {
      if (b.custom) return setConfirmReset(true);
      return setMode.mutate({ id: room.id, mode: 'team_default' });
    }
    if (choice.mode === 'team_brand') return setMode.mutate({ id: room.id, mode: 'team_brand', brand_id: choice.brandId });
    return setMode.mutate({ id: room.id, mode: 'custom' });
  };

  const options: { mode: Mode; title: string; body: React.ReactNode; disabled?: boolean }[] = [
    {
      mode: 'team_default',
      title: 'Team default',
      body: defaultBrand
        ? `Shows the team’s default brand, now “${defaultBrand.name}”, and follows it when the default changes.`
        : 'Shows the team’s default brand once there is one; until then, Quire’s default look.',
    },
    {
      mode: 'team_brand',
      title: 'A brand',
      body: brands.length ? 'Stays on the brand chosen here, whatever the team default.' : 'The team has no brands yet.',
      disabled: !brands.length,
    },
    {
      mode: 'custom',
      title: 'Custom',
      body:
        b.custom && b.mode !== 'custom'
          ? 'This room’s own settings: its earlier custom settings come back.'
          : 'This room’s own settings, starting from what visitors see now.',
    },
  ];

  const modeCard = (
    <Card>
      <CardHeader
        title="Branding for this room"
        description={
          <>
            Visitors see exactly one source. Now: <span className="font-medium text-zinc-800" data-testid="effective-source">{sourceLabel(b, brands)}</span>.
          </>
        }
      />
      <fieldset disabled={frozen || setMode.isPending} className="space-y-2 p-5" aria-label="Branding source">
        {options.map((o) => (
          <label
            key={o.mode}
            className={cn(
              'flex gap-3 rounded-lg p-3 ring-1 ring-inset has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              choice.mode === o.mode ? 'bg-brand-50/60 ring-brand-200' : 'ring-zinc-200',
              o.disabled || frozen ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-zinc-50',
            )}
          >
            <input
              type="radio"
              name={`branding-mode-${room.id}`}
              className="mt-0.5 h-4 w-4 shrink-0 border-zinc-300 accent-brand-600"
              checked={choice.mode === o.mode}
              disabled={o.disabled}
              onChange={() => setChoice({ ...choice, mode: o.mode })}
            />
            <span className="min-w-0 flex-1 text-sm">
              <span className="flex items-center gap-2 font-medium text-zinc-900">
                {o.title}
                {b.mode === o.mode && <Badge tone="green">Current</Badge>}
              </span>
              <span className="mt-0.5 block text-zinc-500">{o.body}</span>
              {o.mode === 'team_brand' && brands.length > 0 && (
                <Select
                  aria-label="Brand"
                  className="mt-2 max-w-72"
                  value={choice.brandId}
                  onChange={(e) => setChoice({ mode: 'team_brand', brandId: e.target.value })}
                >
                  {brands.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                      {x.is_default ? ' (default)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </span>
          </label>
        ))}
        {!brands.length && (
          <p className="pt-1 text-xs text-zinc-500">
            <Link href="/branding" className="font-medium text-brand-700 hover:underline">
              Create a brand
            </Link>{' '}
            to reuse the same look across rooms and links.
          </p>
        )}
        {changed && !frozen && (
          <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
            {choice.mode === 'team_brand' && b.mode === 'custom' && <p className="mr-auto text-xs text-zinc-500">The custom settings are kept for later.</p>}
            <Button variant="secondary" onClick={() => setChoice(choiceOf(b, brands))}>
              Cancel
            </Button>
            <Button onClick={apply} loading={setMode.isPending}>
              {choice.mode === 'custom' ? 'Use custom branding' : choice.mode === 'team_brand' ? 'Use this brand' : 'Follow the team default'}
            </Button>
          </div>
        )}
      </fieldset>
    </Card>
  );

  return (
    <div className="space-y-5">
      {frozen && (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="note">
          <Lock className="h-4 w-4 shrink-0" aria-hidden />
          The room is frozen, so its branding is read-only. Unfreeze it in Settings to change it.
        </p>
      )}
      {b.mode === 'custom' && b.custom ? (
        <>
          {modeCard}
          <BrandingEditor
            initial={b.custom}
            locked={usage.data.locked_fields}
            plan={usage.data.plan}
            readOnly={frozen}
            previewTitle={room.name}
            previewRoomId={room.id}
            saveLabel="Save branding"
            submit={async (patch) => (await saveCustom.mutateAsync({ id: room.id, ...patch })).custom!}
            upload={async (slot, file, type) => (await putRoomImage(room.id, slot, file, type, team.id)).custom!}
            onSaved={async (_, failed) => {
              await refresh();
              if (!Object.keys(failed).length) notify('Room branding saved.');
            }}
          />
        </>
      ) : (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start">
          {modeCard}
          <section aria-label="What visitors see now" className="min-w-0 space-y-4">
            <div>
              <h2 className="text-sm font-semibold text-zinc-900">What visitors see now</h2>
              <p className="text-xs text-zinc-500">{sourceLabel(b, brands)}</p>
            </div>
            <ViewerPreview model={b.effective} roomId={room.id} />
            <div>
              <h3 className="mb-2 text-xs font-medium text-zinc-500">When the link is pasted in a chat</h3>
              <LinkPreviewCard model={b.effective} title={room.name} siteName={team.name} />
            </div>
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={(o) => !o && (setConfirmReset(false), setMode.reset())}
        title="Follow the team default?"
        confirmLabel="Delete custom settings"
        pending={setMode.isPending}
        error={setMode.error ? errorMessage(setMode.error) : null}
        onConfirm={() => setMode.mutate({ id: room.id, mode: 'team_default' })}
      >
        <p>The room’s custom branding settings and their images are deleted. Visitors see {defaultBrand ? `“${defaultBrand.name}”` : 'Quire’s default look'} instead.</p>
      </ConfirmDialog>
    </div>
  );
}
