'use client';
// How an endpoint's state, its subscription and a delivery's status read.
import { Badge } from '@/components/ui/badge';
import { endpointStatus, eventsSummary, type Delivery, type Endpoint } from './model';

export function EndpointStatus({ endpoint, explain = true }: { endpoint: Pick<Endpoint, 'enabled' | 'disabled_reason'>; explain?: boolean }) {
  const s = endpointStatus(endpoint);
  return (
    <div className="min-w-0">
      <Badge tone={s.tone}>{s.label}</Badge>
      {explain && s.why && <p className="mt-1 max-w-56 text-xs text-zinc-500">{s.why}</p>}
    </div>
  );
}

export function EventsSummary({ events }: { events: string[] }) {
  const { items, more } = eventsSummary(events);
  return (
    <div className="flex max-w-xs flex-wrap gap-1" title={events.join(', ')}>
      {items.map((e) => (
        <Badge key={e} tone={e === 'All events' ? 'brand' : 'neutral'} className={e === 'All events' ? undefined : 'font-mono'}>
          {e}
        </Badge>
      ))}
      {more > 0 && <Badge tone="neutral">+{more} more</Badge>}
    </div>
  );
}

const DELIVERY_TONES = { pending: 'amber', succeeded: 'green', failed: 'red' } as const;
const DELIVERY_LABELS = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;

export function DeliveryStatus({ status }: { status: Delivery['status'] }) {
  return <Badge tone={DELIVERY_TONES[status]}>{DELIVERY_LABELS[status]}</Badge>;
}
