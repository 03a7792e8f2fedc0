import { headers } from 'next/headers';
import { viewerWords } from '@/lib/shared/viewer-words';
import { ViewerNotice } from '@/components/viewer/gate';
import { onOwnHost } from '@/server/services/domains/routing';

/** An unknown slug, a deleted link, or a link of a deleted room or group. On a team's custom domain it does not name Quire (white label). */
export default async function ViewerNotFound() {
  const { t } = viewerWords('en');
  const onCustomDomain = !onOwnHost((await headers()).get('host'));
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 px-4">
      <ViewerNotice title={t.notFoundTitle} body={t.notFoundBody} testId="link-not-found" />
      {onCustomDomain ? null : (
        <p className="mt-auto py-4 text-center text-xs text-zinc-400" data-testid="viewer-powered-by">
          {t.poweredBy}
        </p>
      )}
    </div>
  );
}
