// "View as": the room as one of its groups (g-<id>) or links (l-<id>) shows it to visitors.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ViewAs } from '@/components/datarooms/view-as';
import { PageSpinner } from '@/components/ui/spinner';

export const metadata: Metadata = { title: 'Preview' };

type Props = { params: Promise<{ id: string; audience: string }> };

export default async function ViewAsPage({ params }: Props) {
  const { id, audience } = await params;
  return (
    <Suspense fallback={<PageSpinner />}>
      <ViewAs roomId={id} audience={decodeURIComponent(audience)} />
    </Suspense>
  );
}
