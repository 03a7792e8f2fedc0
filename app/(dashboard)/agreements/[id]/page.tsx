import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AgreementDetail } from '@/components/agreements/agreement-detail';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's agreement, a deleted one, or a malformed id: all answer not-found.
const loadAgreement = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).agreements.get({ id })));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const agreement = await loadAgreement((await params).id);
  return { title: agreement ? `Agreement · ${agreement.name}` : 'Agreement' };
}

export default async function AgreementPage({ params }: { params: Promise<{ id: string }> }) {
  const agreement = await loadAgreement((await params).id);
  if (!agreement) notFound();
  return <AgreementDetail initial={agreement} />;
}
