import { viewerWords } from '@/lib/shared/viewer-words';
import { ViewerNotice } from '@/components/viewer/gate';

/** An unknown slug, a deleted link, or a link of a deleted room or group. */
export default function ViewerNotFound() {
  const { t } = viewerWords('en');
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 px-4">
      <ViewerNotice title={t.notFoundTitle} body={t.notFoundBody} testId="link-not-found" />
      <p className="mt-auto py-4 text-center text-xs text-zinc-400">{t.poweredBy}</p>
    </div>
  );
}
