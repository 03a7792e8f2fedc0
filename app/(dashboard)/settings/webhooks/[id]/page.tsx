import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EndpointDetail } from '@/components/settings/webhooks/endpoint-detail';
import { dashboardCaller } from '@/server/dashboard/caller';

// Another team's endpoint, a deleted one, or a malformed id: all answer not-found.
const loadEndpoint = cache(async (id: string) => {
  try {
    return await (await dashboardCaller()).webhooks.get({ id });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const endpoint = await loadEndpoint((await params).id);
  return { title: endpoint ? `Webhook · ${endpoint.description || new URL(endpoint.url).host}` : 'Webhook' };
}

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const endpoint = await loadEndpoint((await params).id);
  if (!endpoint) notFound();
  return <EndpointDetail initial={endpoint} />;
}
