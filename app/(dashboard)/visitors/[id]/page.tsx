import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { VisitorDetail } from '@/components/links/visitors-view';
import { dashboardCaller } from '@/server/dashboard/caller';

// Another team's visitor or a malformed id: not-found.
const loadVisitor = cache(async (id: string) => {
  try {
    return await (await dashboardCaller()).visitors.get({ id });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const v = await loadVisitor((await params).id);
  return { title: v?.email ?? 'Visitor' };
}

export default async function VisitorPage({ params }: { params: Promise<{ id: string }> }) {
  const v = await loadVisitor((await params).id);
  if (!v) notFound();
  return <VisitorDetail initial={v} />;
}
