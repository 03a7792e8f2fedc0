import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { VisitorDetail } from '@/components/links/visitors-view';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's visitor or a malformed id: not-found.
const loadVisitor = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).visitors.get({ id })));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const v = await loadVisitor((await params).id);
  return { title: v?.email ?? 'Visitor' };
}

export default async function VisitorPage({ params }: { params: Promise<{ id: string }> }) {
  const v = await loadVisitor((await params).id);
  if (!v) notFound();
  return <VisitorDetail initial={v} />;
}
