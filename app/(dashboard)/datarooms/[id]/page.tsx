import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { RoomView } from '@/components/datarooms/room-view';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardCaller } from '@/server/dashboard/caller';

// Another team's room, a deleted one, or a malformed id: all answer not-found.
const loadRoom = cache(async (id: string) => {
  try {
    return await (await dashboardCaller()).datarooms.get({ id });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const room = await loadRoom((await params).id);
  return { title: room?.name ?? 'Data room' };
}

export default async function RoomPage({ params }: { params: Promise<{ id: string }> }) {
  const room = await loadRoom((await params).id);
  if (!room) notFound();
  return (
    <Suspense fallback={<PageSpinner />}>
      <RoomView initial={room} />
    </Suspense>
  );
}
