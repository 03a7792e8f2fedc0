import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { LinkDetail } from '@/components/links/link-detail';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's link, a deleted one, or a malformed id: all answer not-found.
const loadLink = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).links.get({ id })));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const link = await loadLink((await params).id);
  return { title: link?.name ?? 'Link' };
}

export default async function LinkPage({ params }: { params: Promise<{ id: string }> }) {
  const link = await loadLink((await params).id);
  if (!link) notFound();
  return <LinkDetail initial={link} />;
}
