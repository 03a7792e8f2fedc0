import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { EditBrandPage } from '@/components/branding/brand-pages';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's brand, a deleted one, or a malformed id: all answer not-found.
const loadBrand = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).brands.get({ id })));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const brand = await loadBrand((await params).id);
  return { title: brand?.name ?? 'Brand' };
}

export default async function BrandPage({ params }: { params: Promise<{ id: string }> }) {
  const brand = await loadBrand((await params).id);
  if (!brand) notFound();
  return (
    <Suspense fallback={<PageSpinner />}>
      <EditBrandPage initial={brand} />
    </Suspense>
  );
}
