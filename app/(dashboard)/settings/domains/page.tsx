import type { Metadata } from 'next';
import { DomainsSettings } from '@/components/settings/domains/domains-settings';

export const metadata: Metadata = { title: 'Domains' };

export default function DomainsPage() {
  return <DomainsSettings />;
}
