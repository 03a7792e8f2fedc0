import type { Metadata } from 'next';
import { VisitorsList } from '@/components/links/visitors-view';

export const metadata: Metadata = { title: 'Visitors' };

export default function VisitorsPage() {
  return <VisitorsList />;
}
