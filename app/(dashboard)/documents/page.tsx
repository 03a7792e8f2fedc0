import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LibraryView } from '@/components/library/library-view';
import { PageSpinner } from '@/components/ui/spinner';

export const metadata: Metadata = { title: 'Documents' };

export default function DocumentsPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LibraryView />
    </Suspense>
  );
}
