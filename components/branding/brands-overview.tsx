'use client';
// The Branding section: the team's brands as cards (a small preview of each, which one is the
// default), how many the plan allows, creating one, making one the default, and deleting one
// after saying which rooms and links fall back and which brand becomes the default.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, MoreHorizontal, Palette, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { EmptyState } from '@/components/ui/empty-state';
import { ProgressBar } from '@/components/ui/progress';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { PLAN_LABELS } from '@/lib/format';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { SERVICE_COLOR } from '@/lib/shared/branding-fields';
import { SERVICE_IMAGES, serviceBanner, type Brand, type BrandUsage } from './model';
import { atCap, capSentence, SelfHostNote } from './plan-notes';
import { textOn } from './preview';

/** Everything that shows brands or what visitors see refreshes after a brand changes. */
export function useRefreshBranding() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries(trpc.brands.pathFilter()), queryClient.invalidateQueries(trpc.datarooms.branding.pathFilter())]);
}

export function NewBrandButton({ usage, className }: { usage: BrandUsage | undefined; className?: string }) {
  const blocked = !usage || atCap(usage);
  if (blocked) {
    return (
      <Button disabled aria-describedby={usage && usage.limit > 0 ? 'brand-cap-note' : undefined} className={className} title={usage ? capSentence(usage) : undefined}>
        <Plus className="h-4 w-4" aria-hidden />
        New brand
      </Button>
    );
  }
  return (
    <Link href="/branding/new" className={buttonClass('primary', 'md', className)}>
      <Plus className="h-4 w-4" aria-hidden />
      New brand
    </Link>
  );
}

export function BrandsOverview() {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshBranding();
  const usage = useQuery(trpc.brands.usage.queryOptions({}));
  const brands = useQuery(trpc.brands.list.queryOptions({}));
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const makeDefault = useMutation(
    trpc.brands.update.mutationOptions({
      onSuccess: async (b) => {
        await refresh();
        notify(`“${b.name}” is now the default brand.`);
      },
      onError: (e) => notify(errorMessage(e), 'error'),
    }),
  );

  const u = usage.data;
  const list = brands.data?.data;
  const pending = usage.isPending || brands.isPending;
  const error = usage.error ?? brands.error;

  return (
    <>
      <PageHeader
        title="Branding"
        description="Brands dress what visitors see: logo, colours, welcome message, link previews and the data room layout."
        actions={<NewBrandButton usage={u} />}
      />
      {pending ? (
        <div aria-busy="true" aria-label="Brands: loading" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-16 sm:col-span-2 xl:col-span-3" />
          <Skeleton className="h-52" />
          <Skeleton className="h-52" />
        </div>
      ) : error ? (
        <Card>
          <EmptyState
            icon={CircleAlert}
            title="Brands could not be loaded"
            action={
              <Button variant="secondary" onClick={() => (usage.refetch(), brands.refetch())}>
                Try again
              </Button>
            }
          >
            {errorMessage(error)}
          </EmptyState>
        </Card>
      ) : u && u.limit === 0 && !list?.length ? (
        <Card>
          <EmptyState icon={Palette} title="Brands need the Pro plan or higher">
            <p>
              The {PLAN_LABELS[u.plan] ?? u.plan} plan includes no brands, so visitors see Quire’s own look. Pro, Business, Data Rooms and Data Rooms Plus
              include brands; ask your account manager to change the plan.
            </p>
            <SelfHostNote plans={u.plans_that_lift} className="mt-4 text-xs text-zinc-500" />
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-5">
          {u && <UsageCard usage={u} />}
          {!list?.length ? (
            <Card>
              <EmptyState icon={Palette} title="No brands yet" action={<NewBrandButton usage={u} />}>
                Create a brand with your logo, colours and a welcome message. The first brand becomes the team’s default: rooms and links show it
                unless you choose another.
              </EmptyState>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Brands">
              {list.map((b) => (
                <li key={b.id}>
                  <BrandCard
                    brand={b}
                    onMakeDefault={() => makeDefault.mutate({ id: b.id, is_default: true })}
                    makingDefault={makeDefault.isPending && makeDefault.variables?.id === b.id}
                    onDelete={() => setDeleting(b)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DeleteBrandDialog brand={deleting} brands={list ?? []} onClose={() => setDeleting(null)} />
    </>
  );
}

function UsageCard({ usage }: { usage: BrandUsage }) {
  const full = atCap(usage);
  return (
    <Card className="px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <div className="flex items-center gap-2 text-sm">
          <span className="font-medium text-zinc-900" data-testid="brand-usage">
            {usage.used} of {usage.limit} {usage.limit === 1 ? 'brand' : 'brands'}
          </span>
          <Badge tone="brand">{PLAN_LABELS[usage.plan] ?? usage.plan} plan</Badge>
        </div>
        <ProgressBar value={(usage.used / Math.max(usage.limit, 1)) * 100} label="Brands used" tone={full ? 'red' : 'brand'} className="max-w-64 flex-1 basis-40" />
      </div>
      {full && (
        <div id="brand-cap-note" className="mt-3 space-y-1 border-t border-zinc-100 pt-3">
          <p className="text-sm text-zinc-700">
            {capSentence(usage)} Delete a brand to make room{usage.plans_that_lift.length ? ', or move to a larger plan' : ''}.
          </p>
          {usage.plans_that_lift.length > 0 && <SelfHostNote plans={usage.plans_that_lift} />}
        </div>
      )}
    </Card>
  );
}

/** A small picture of a brand: its header colour, logo and banner. */
export function BrandSwatch({ brand, className }: { brand: Pick<Brand, 'brand_color' | 'logo' | 'hide_logo' | 'banner' | 'banner_hidden'>; className?: string }) {
  const color = brand.brand_color ?? SERVICE_COLOR;
  const logo = brand.hide_logo ? null : (brand.logo?.url ?? SERVICE_IMAGES.logo);
  const banner = brand.banner_hidden ? null : (brand.banner?.url ?? serviceBanner(color));
  return (
    <div className={cn('overflow-hidden bg-zinc-50', className)} aria-hidden>
      <div className="flex h-9 items-center px-3" style={{ backgroundColor: color, color: textOn(color) }}>
        {logo && (
          <span className="rounded bg-white px-1.5 py-0.5">
            <img src={logo} alt="" className="h-4 max-w-[96px] object-contain" />
          </span>
        )}
      </div>
      {banner ? <img src={banner} alt="" className="h-16 w-full object-cover" /> : <div className="h-16 bg-zinc-100" />}
    </div>
  );
}

function BrandCard({ brand, onMakeDefault, makingDefault, onDelete }: { brand: Brand; onMakeDefault: () => void; makingDefault: boolean; onDelete: () => void }) {
  const router = useRouter();
  const color = brand.brand_color ?? SERVICE_COLOR;
  return (
    <article data-testid="brand-card" className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <Link href={`/branding/${brand.id}`} tabIndex={-1} aria-hidden className="block">
        <BrandSwatch brand={brand} />
      </Link>
      <div className="flex flex-1 items-start gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
            <Link href={`/branding/${brand.id}`} className="truncate rounded hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
              {brand.name}
            </Link>
            {brand.is_default && <Badge tone="brand">Default</Badge>}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-zinc-500">
            <span className="h-3 w-3 rounded-full ring-1 ring-black/10" style={{ backgroundColor: color }} aria-hidden />
            <span className="font-mono">{brand.brand_color ?? 'Quire colour'}</span>
            <span aria-hidden>·</span>
            <span>
              Updated <RelativeTime iso={brand.updated_at} />
            </span>
          </p>
        </div>
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${brand.name}`} loading={makingDefault}>
              {!makingDefault && <MoreHorizontal className="h-4 w-4" aria-hidden />}
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem icon={Pencil} onSelect={() => router.push(`/branding/${brand.id}`)}>
              Edit
            </MenuItem>
            <MenuItem icon={Star} disabled={brand.is_default} onSelect={onMakeDefault}>
              {brand.is_default ? 'Already the default' : 'Make default'}
            </MenuItem>
            <MenuSeparator />
            <MenuItem icon={Trash2} danger onSelect={onDelete}>
              Delete…
            </MenuItem>
          </MenuContent>
        </Menu>
      </div>
    </article>
  );
}

/** Deleting a brand, after naming what falls back and which brand becomes the default. */
export function DeleteBrandDialog({ brand, brands, onClose, onDeleted }: { brand: Brand | null; brands: Brand[]; onClose: () => void; onDeleted?: () => void }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshBranding();
  const deps = useQuery({ ...trpc.brands.dependents.queryOptions({ id: brand?.id ?? '' }), enabled: !!brand, staleTime: 0 });
  const del = useMutation(
    trpc.brands.delete.mutationOptions({
      onSuccess: async () => {
        const name = brand?.name;
        await refresh();
        onClose();
        notify(`“${name}” deleted.`);
        onDeleted?.();
      },
    }),
  );
  const d = deps.data;
  const fallbackName = d?.is_default ? d.next_default?.name : brands.find((b) => b.is_default && b.id !== brand?.id)?.name;
  const fallsTo = fallbackName ? `the team default, “${fallbackName}”` : 'Quire’s default look';
  return (
    <ConfirmDialog
      open={!!brand}
      onOpenChange={(o) => !o && (onClose(), del.reset())}
      title={`Delete “${brand?.name ?? ''}”?`}
      confirmLabel="Delete brand"
      pending={del.isPending}
      error={del.error ? errorMessage(del.error) : deps.error ? errorMessage(deps.error) : null}
      onConfirm={() => brand && del.mutate({ id: brand.id })}
    >
      {deps.isPending ? (
        <p className="flex items-center gap-2">
          <Spinner className="h-4 w-4" /> Checking where the brand is used…
        </p>
      ) : d ? (
        <>
          {d.is_default && (
            <p>
              {d.next_default ? (
                <>
                  It is the default brand: <strong className="font-medium text-zinc-900">“{d.next_default.name}”</strong> becomes the default.
                </>
              ) : (
                'It is the team’s only brand: visitors will see Quire’s default look.'
              )}
            </p>
          )}
          <DependentList
            title={d.rooms.length === 1 ? '1 data room uses it and will show ' + fallsTo + ':' : `${d.rooms.length} data rooms use it and will show ${fallsTo}:`}
            items={d.rooms.map((r) => ({ id: r.id, name: r.name }))}
            testId="dependent-rooms"
            show={d.rooms.length > 0}
          />
          <DependentList
            title={d.links.length === 1 ? '1 link uses it and will show ' + fallsTo + ':' : `${d.links.length} links use it and will show ${fallsTo}:`}
            items={d.links.map((l) => ({ id: l.id, name: l.name ?? 'Untitled link' }))}
            testId="dependent-links"
            show={d.links.length > 0}
          />
          {!d.rooms.length && !d.links.length && <p>No data room or link uses it directly.</p>}
          <p>Its images are deleted too. This cannot be undone.</p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}

function DependentList({ title, items, show, testId }: { title: string; items: { id: string; name: string }[]; show: boolean; testId: string }) {
  if (!show) return null;
  const shown = items.slice(0, 8);
  return (
    <div data-testid={testId}>
      <p>{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-zinc-800">
        {shown.map((i) => (
          <li key={i.id} className="truncate">
            {i.name}
          </li>
        ))}
        {items.length > shown.length && <li className="list-none text-zinc-500">and {items.length - shown.length} more</li>}
      </ul>
    </div>
  );
}
