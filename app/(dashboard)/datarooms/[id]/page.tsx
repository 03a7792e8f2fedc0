import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { RoomView } from '@/components/datarooms/room-view';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

// Another team's room, a deleted one, or a malformed id: all answer not-found.
const loadRoom = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).datarooms.get({ id })));

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
