'use client';
// The brand editor's two pages: a new brand (created first, then its dropped files go up) and
// an existing one (saved field by field; deleting it from here too).
import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronLeft, CircleAlert, Palette, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type ReactNode } from 'react';
import { useIdentity } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { BrandingEditor, type Saved } from './branding-editor';
import { DeleteBrandDialog, useRefreshBranding } from './brands-overview';
import { DEFAULT_SETTINGS, type Brand, type BrandPatch, type BrandUsage } from './model';
import { atCap, capSentence, SelfHostNote } from './plan-notes';
import { putBrandImage } from './upload';

const SAMPLE_ROOM = 'Sample data room';

function Back() {
  return (
    <Link href="/branding" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
      <ChevronLeft className="h-4 w-4" aria-hidden />
      Branding
    </Link>
  );
}

function Header({ title, badge, actions }: { title: string; badge?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="flex min-w-0 items-center gap-2 text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">
        <span className="truncate">{title}</span>
        {badge}
      </h1>
      {actions}
    </div>
  );
}

/** The plan's usage, with its loading and error states, for the editor pages. */
function WithUsage({ children }: { children: (u: BrandUsage) => ReactNode }) {
  const trpc = useTRPC();
  const usage = useQuery(trpc.brands.usage.queryOptions({}));
  if (usage.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading" className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (usage.error) {
    return (
      <Card>
        <EmptyState
          icon={CircleAlert}
          title="The brand editor could not be loaded"
          action={
            <Button variant="secondary" onClick={() => usage.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(usage.error)}
        </EmptyState>
      </Card>
    );
  }
  return <>{children(usage.data)}</>;
}

export function NewBrandPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const notify = useToast();
  const refresh = useRefreshBranding();
  const { team } = useIdentity();
  const created = useRef<string | null>(null);
  const create = useMutation(trpc.brands.create.mutationOptions());
  const update = useMutation(trpc.brands.update.mutationOptions());

  const submit = async (patch: BrandPatch): Promise<Saved> => {
    // A retry after a refused image updates the brand created the first time.
    if (created.current) return update.mutateAsync({ id: created.current, ...patch });
    const { name, ...rest } = patch;
    const brand = await create.mutateAsync({ name: name ?? '', ...rest });
    created.current = brand.id;
    return brand;
  };

  return (
    <div>
      <Back />
      <Header title="New brand" />
      <WithUsage>
        {(u) =>
          atCap(u) && !created.current ? (
            <Card>
              <EmptyState
                icon={Palette}
                title={u.limit === 0 ? 'Brands need the Pro plan or higher' : 'The plan’s brands are all in use'}
                action={
                  <Link href="/branding" className={buttonClass('secondary')}>
                    Back to Branding
                  </Link>
                }
              >
                <p>{capSentence(u)}</p>
                <SelfHostNote plans={u.plans_that_lift} className="mt-3 text-xs text-zinc-500" />
              </EmptyState>
            </Card>
          ) : (
            <BrandingEditor
              initial={DEFAULT_SETTINGS}
              identity={{
                name: '',
                is_default: u.used === 0,
                defaultLocked: u.used === 0 ? 'The team’s first brand is its default: rooms and links show it unless you choose another.' : null,
              }}
              locked={u.locked_fields}
              plan={u.plan}
              previewTitle={SAMPLE_ROOM}
              saveLabel="Create brand"
              alwaysSubmit
              submit={submit}
              upload={(slot, file, type) => putBrandImage(created.current!, slot, file, type, team.id)}
              onSaved={async (saved) => {
                await refresh();
                notify(`Brand “${saved.name}” created.`);
                router.replace(`/branding/${created.current}`);
              }}
              secondaryAction={
                <Link href="/branding" className={buttonClass('secondary')}>
                  Cancel
                </Link>
              }
            />
          )
        }
      </WithUsage>
    </div>
  );
}

export function EditBrandPage({ initial }: { initial: Brand }) {
  const trpc = useTRPC();
  const router = useRouter();
  const notify = useToast();
  const refresh = useRefreshBranding();
  const { team } = useIdentity();
  const brand = useQuery({ ...trpc.brands.get.queryOptions({ id: initial.id }), initialData: initial }).data;
  const all = useQuery(trpc.brands.list.queryOptions({}));
  const update = useMutation(trpc.brands.update.mutationOptions());
  const [deleting, setDeleting] = useState(false);

  return (
    <div>
      <Back />
      <Header
        title={brand.name}
        badge={brand.is_default && <Badge tone="brand">Default</Badge>}
        actions={
          <Button variant="secondary" onClick={() => setDeleting(true)}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete brand
          </Button>
        }
      />
      <WithUsage>
        {(u) => (
          <BrandingEditor
            initial={brand}
            identity={{
              name: brand.name,
              is_default: brand.is_default,
              defaultLocked: brand.is_default ? 'This is the team’s default brand. To change that, make another brand the default.' : null,
            }}
            locked={u.locked_fields}
            plan={u.plan}
            previewTitle={SAMPLE_ROOM}
            saveLabel="Save changes"
            previewBrandId={brand.id}
            submit={(patch) => update.mutateAsync({ id: brand.id, ...patch })}
            upload={(slot, file, type) => putBrandImage(brand.id, slot, file, type, team.id)}
            onSaved={async (_, failed) => {
              await refresh();
              if (!Object.keys(failed).length) notify('Brand saved.');
            }}
          />
        )}
      </WithUsage>
      <DeleteBrandDialog brand={deleting ? brand : null} brands={all.data?.data ?? []} onClose={() => setDeleting(false)} onDeleted={() => router.push('/branding')} />
    </div>
  );
}
