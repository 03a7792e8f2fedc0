import { FileQuestion } from 'lucide-react';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function NotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      title="Not found"
      action={
        <Link href="/documents" className={buttonClass('primary')}>
          Go to documents
        </Link>
      }
    >
      This page does not exist in your current team, or it was deleted. If someone shared it with you, check that you are in the
      right team.
    </EmptyState>
  );
}
