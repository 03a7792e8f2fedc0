import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { EditBrandPage } from '@/components/branding/brand-pages';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardCaller } from '@/server/dashboard/caller';

// Another team's brand, a deleted one, or a malformed id: all answer not-found.
const loadBrand = cache(async (id: string) => {
  try {
    return await (await dashboardCaller()).brands.get({ id });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
});

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
