'use client';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <EmptyState
      icon={TriangleAlert}
      title="This page could not be loaded"
      action={<Button onClick={reset}>Try again</Button>}
    >
      Something went wrong on our side. Try again; if it keeps happening, reload the page.
    </EmptyState>
  );
}
