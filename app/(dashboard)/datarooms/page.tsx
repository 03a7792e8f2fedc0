import { FolderLock } from 'lucide-react';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

export const metadata: Metadata = { title: 'Data rooms' };

export default function DataroomsPage() {
  return (
    <ComingSoon
      title="Data rooms"
      icon={FolderLock}
      summary="Secure rooms that bring documents together for a deal, a fundraise or an audit."
      points={['A folder tree of your library documents', 'Viewer groups with per-item view and download rights', 'Freeze a room when the deal closes']}
    />
  );
}
