import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLog } from '@/components/settings/audit-log';
import { PageSpinner } from '@/components/ui/spinner';

export const metadata: Metadata = { title: 'Audit log' };

export default function AuditLogPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AuditLog />
    </Suspense>
  );
}
