import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EndpointDetail } from '@/components/settings/webhooks/endpoint-detail';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's endpoint, a deleted one, or a malformed id: all answer not-found.
const loadEndpoint = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).webhooks.get({ id })));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const endpoint = await loadEndpoint((await params).id);
  return { title: endpoint ? `Webhook · ${endpoint.description || new URL(endpoint.url).host}` : 'Webhook' };
}

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const endpoint = await loadEndpoint((await params).id);
  if (!endpoint) notFound();
  return <EndpointDetail initial={endpoint} />;
}
