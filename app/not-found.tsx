import { FileQuestion } from 'lucide-react';
import { headers } from 'next/headers';
import Link from 'next/link';
import { Logo } from '@/components/brand/logo';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { onOwnHost } from '@/server/services/domains/routing';

/** Any page that does not exist; on a team's custom domain, without naming Quire (white label). */
export default async function NotFound() {
  if (!onOwnHost((await headers()).get('host')))
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center px-4">
        <EmptyState icon={FileQuestion} title="Page not found">
          The page you are looking for does not exist or has moved.
        </EmptyState>
      </div>
    );
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4">
      <Logo className="mb-6" />
      <EmptyState
        icon={FileQuestion}
        title="Page not found"
        action={
          <Link href="/" className={buttonClass('primary')}>
            Go to Quire
          </Link>
        }
      >
        The page you are looking for does not exist or has moved.
      </EmptyState>
    </div>
  );
}
