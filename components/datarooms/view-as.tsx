'use client';
// "View as": a room exactly as one of its groups' or links' visitors see it (tree, permissions,
// branding, agreement, watermark), drawn by the viewer's own components from the viewer's own
// reads (datarooms.viewAs, checked on the server as a team member's with datarooms.read). A
// Preview bar says so; nothing is recorded, no mail is sent, no visit counted. Folders open
// inside the preview; opening a document, downloads and search are left to a real visit.
import { useQuery } from '@tanstack/react-query';
import { Eye, FileSignature, Info, X } from 'lucide-react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type MouseEvent } from 'react';
import { RoomView } from '@/components/viewer/room-view';
import { ViewerShell } from '@/components/viewer/shell';
import { WatermarkOverlay } from '@/components/viewer/watermark-overlay';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { viewerWords } from '@/lib/shared/viewer-words';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';

/** `g-<id>` → a group, `l-<id>` → a link. */
export const audienceOf = (a: string) => (a.startsWith('g-') ? { group_id: a.slice(2) } : a.startsWith('l-') ? { link_id: a.slice(2) } : {});

export function ViewAs({ roomId, audience }: { roomId: string; audience: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const q = useQuery(trpc.datarooms.viewAs.queryOptions({ id: roomId, ...audienceOf(audience) }));
  const [notice, setNotice] = useState(false);
  const folderId = useSearchParams().get('folder');
  const base = `/datarooms/${roomId}/view-as/${audience}`;
  // Documents, downloads and the zip would be a real visit: the preview stays on the room.
  const keepInside = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href') ?? '';
    if (!a || !href.startsWith(base)) return;
    e.preventDefault();
    // Folders and the room's top level open inside the preview.
    if (/^[^?]*\/(d\/|zip|download)/.test(href)) setNotice(true);
    else router.push(href);
  };

  if (q.isPending)
    return (
      <div className="space-y-3">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (q.isError || !q.data)
    return (
      <EmptyState icon={Eye} title="The preview could not be shown" action={<Link className="text-sm font-medium text-brand-700 hover:underline" href={`/datarooms/${roomId}`}>Back to the room</Link>}>
        {errorMessage(q.error)}
      </EmptyState>
    );
  const v = q.data;
  const words = viewerWords(v.branding.default_language);
  const value = `${v.as.kind === 'group' ? 'g' : 'l'}-${v.as.id}`;
  return (
    <div>
      <div className="sticky top-0 z-30 -mx-4 mb-4 flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2.5 sm:-mx-6 sm:px-6" data-testid="view-as-bar" role="status">
        <Badge tone="amber">
          <Eye className="h-3 w-3" aria-hidden />
          Preview
        </Badge>
        <p className="min-w-0 flex-1 text-sm text-amber-900">
          {v.tree.room.name} as {v.as.kind === 'group' ? 'the group' : 'the link'} <strong>{v.as.name}</strong> sees it. Nothing is recorded and no one is notified.
        </p>
        <Select aria-label="View as" className="h-8 w-56 text-sm" value={value} onChange={(e) => router.push(`/datarooms/${roomId}/view-as/${e.target.value}`)}>
          {v.groups.length > 0 && (
            <optgroup label="Groups">
              {v.groups.map((g) => (
                <option key={g.id} value={`g-${g.id}`}>
                  {g.name}
                </option>
              ))}
            </optgroup>
          )}
          {v.links.length > 0 && (
            <optgroup label="Links">
              {v.links.map((l) => (
                <option key={l.id} value={`l-${l.id}`}>
                  {l.name}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
        <Link href={`/datarooms/${roomId}`} className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm font-medium text-amber-900 hover:bg-amber-100">
          <X className="h-4 w-4" aria-hidden />
          Exit preview
        </Link>
      </div>
      {(v.gates || v.agreement) && (
        <div className="mb-4 space-y-2 text-sm" data-testid="view-as-gates">
          {v.gates && (v.gates.password || v.gates.email) && (
            <p className="flex items-center gap-2 text-zinc-600">
              <Info className="h-4 w-4 shrink-0 text-zinc-400" aria-hidden />
              Before entering, visitors {[v.gates.email && (v.gates.email_verified ? 'verify their email with a code' : 'give their email'), v.gates.password && 'enter the password'].filter(Boolean).join(' and ')}.
            </p>
          )}
          {v.agreement && (
            <div className="rounded-xl bg-white p-4 ring-1 ring-zinc-200" data-testid="view-as-agreement">
              <p className="flex items-center gap-2 font-medium text-zinc-900">
                <FileSignature className="h-4 w-4 text-brand-600" aria-hidden />
                Visitors accept “{v.agreement.name}” first
              </p>
              {v.agreement.text && <p className="mt-2 line-clamp-4 whitespace-pre-line text-zinc-600">{v.agreement.text}</p>}
              {v.agreement.url && <p className="mt-2 truncate text-zinc-600">{v.agreement.url}</p>}
            </div>
          )}
        </div>
      )}
      {notice && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-700" role="alert">
          <Info className="h-4 w-4 shrink-0" aria-hidden />
          The preview shows the room. Opening or downloading a document is left to a real visit, which is recorded.
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setNotice(false)}>
            OK
          </Button>
        </p>
      )}
      <div className="relative overflow-hidden rounded-xl ring-1 ring-zinc-200" onClickCapture={keepInside} data-testid="view-as">
        <ViewerShell branding={v.branding} showBanner={v.show_banner} words={words.t} lang={words.lang} title={v.tree.room.name} wide>
          <RoomView
            slug="preview"
            base={base}
            tree={v.tree}
            folderId={folderId}
            q=""
            t={words.t}
            welcome={v.welcome}
            layout={{ cardLayout: v.branding.card_layout, showFolderTree: v.branding.show_folder_tree, hideFolderIcons: v.branding.hide_folder_icons_in_main }}
          />
        </ViewerShell>
        {v.watermark && (
          <div className="pointer-events-none absolute inset-0" data-testid="view-as-watermark">
            <WatermarkOverlay wm={v.watermark} />
          </div>
        )}
      </div>
    </div>
  );
}
