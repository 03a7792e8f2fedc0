import type { Metadata } from 'next';
import { AgreementsList } from '@/components/agreements/agreements-list';

export const metadata: Metadata = { title: 'Agreements' };

export default function AgreementsPage() {
  return <AgreementsList />;
}
