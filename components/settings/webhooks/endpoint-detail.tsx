'use client';
// One webhook endpoint: what it receives and its state, its actions, and its delivery log.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/time';
import { useTRPC } from '@/lib/trpc/react';
import { EndpointStatus } from './badges';
import { DeliveryLog } from './delivery-log';
import { EndpointActions, useSendTest } from './endpoint-actions';
import { ALL_EVENTS, orderedPatterns, type Endpoint } from './model';

export function EndpointDetail({ initial }: { initial: Endpoint }) {
  const trpc = useTRPC();
  const router = useRouter();
  const test = useSendTest();
  const query = useQuery({ ...trpc.webhooks.get.queryOptions({ id: initial.id }), initialData: initial });
  const e = query.data;

  return (
    <>
      <Link href="/settings/webhooks" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Webhooks
      </Link>
      <PageHeader
        title={<span title={e.url}>{e.url}</span>}
        description={e.description ?? 'Webhook endpoint'}
        actions={
          <>
            <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate({ id: e.id })}>
              {!test.isPending && <Send className="h-4 w-4" aria-hidden />}
              Send test event
            </Button>
            <EndpointActions endpoint={e} onDeleted={() => router.push('/settings/webhooks')} />
          </>
        }
      />
      <Card className="mb-5 px-5 py-4">
        <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-zinc-500">Status</dt>
          <dd data-testid="endpoint-status">
            <EndpointStatus endpoint={e} />
          </dd>
          <dt className="font-medium text-zinc-500">Events</dt>
          <dd className="flex flex-wrap gap-1">
            {e.events.includes(ALL_EVENTS) ? (
              <Badge tone="brand">All events</Badge>
            ) : (
              orderedPatterns(new Set(e.events)).map((p) => (
                <Badge key={p} className="font-mono">
                  {p}
                </Badge>
              ))
            )}
          </dd>
          <dt className="font-medium text-zinc-500">Created</dt>
          <dd className="text-zinc-700">
            <RelativeTime iso={e.created} />
          </dd>
        </dl>
      </Card>
      <DeliveryLog endpointId={e.id} />
    </>
  );
}
