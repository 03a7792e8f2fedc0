import type { Metadata } from 'next';
import { WebhooksSettings } from '@/components/settings/webhooks/webhooks-settings';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return <WebhooksSettings />;
}
