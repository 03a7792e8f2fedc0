import type { Metadata } from 'next';
import { AccessRequestsInbox } from '@/components/access-requests/inbox';

export const metadata: Metadata = { title: 'Access requests' };

export default function AccessRequestsPage() {
  return <AccessRequestsInbox />;
}
