'use client';
// The team's inbox of access requests: pending first, then what was decided.
import { useState } from 'react';
import { PageHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { AccessRequests } from './access-requests';

const TABS = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'denied', label: 'Denied' },
] as const;

export function AccessRequestsInbox() {
  const [status, setStatus] = useState<(typeof TABS)[number]['status']>('pending');
  return (
    <div>
      <PageHeader title="Access requests" description="Visitors a link refused, asking to be let in. Approving shows the link, the room and where the address goes (the link’s group, another group of the room, or the allow list), and asks you to confirm." />
      <div role="tablist" aria-label="Status" className="mb-4 flex gap-1">
        {TABS.map((t) => (
          <button
            key={t.status}
            role="tab"
            aria-selected={status === t.status}
            onClick={() => setStatus(t.status)}
            className={cn('rounded-lg px-3 py-1.5 text-sm font-medium', status === t.status ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200' : 'text-zinc-600 hover:bg-zinc-200/60')}
          >
            {t.label}
          </button>
        ))}
      </div>
      <AccessRequests status={status} title={TABS.find((t) => t.status === status)!.label} description="Newest first." />
    </div>
  );
}
