import type { Metadata } from 'next';
import { RoomsList } from '@/components/datarooms/rooms-list';

export const metadata: Metadata = { title: 'Data rooms' };

export default function DataroomsPage() {
  return <RoomsList />;
}
