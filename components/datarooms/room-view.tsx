'use client';
// One data room: its header and nine tabs (documents, groups, permissions, Q&A, uploads, branding, analytics, activity, settings), the tab
// in the URL so a reload or a shared link opens the same one.
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, Lock, Share2 } from 'lucide-react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { LinkDialog } from '@/components/links/link-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tab } from '@/components/ui/tab';
import { useTRPC } from '@/lib/trpc/react';
import type { Room } from './hooks';
import { RoomAnalytics } from '@/components/analytics/room-analytics';
import { RoomActivity } from './room-activity';
import { RoomBrandingTab } from './room-branding';
import { RoomDocuments } from './room-documents';
import { RoomGroups } from './room-groups';
import { RoomPermissionsTab } from './room-permissions-tab';
import { RoomSettings } from './room-settings';
import { ViewAsMenu } from './view-as-menu';
import { RoomQuestions } from '@/components/questions/room-questions';
import { useOpenQuestionCounts } from '@/components/questions/hooks';
import { RoomUploads } from '@/components/visitor-uploads/room-uploads';
import { usePendingUploadCounts } from '@/components/visitor-uploads/hooks';

const TABS = [
  { id: 'documents', label: 'Documents' },
  { id: 'groups', label: 'Groups' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'qa', label: 'Q&A' },
  { id: 'uploads', label: 'Uploads' },
  { id: 'branding', label: 'Branding' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'activity', label: 'Activity' },
  { id: 'settings', label: 'Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function RoomView({ initial }: { initial: Room }) {
  const trpc = useTRPC();
  const room = useQuery({ ...trpc.datarooms.get.queryOptions({ id: initial.id }), initialData: initial }).data;
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab: TabId = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'documents') as TabId;
  const [sharing, setSharing] = useState(false);
  const unanswered = useOpenQuestionCounts()[room.id] ?? 0;
  const pendingUploads = usePendingUploadCounts()[room.id] ?? 0;
  const go = (t: TabId) => router.replace(`${pathname}${t === 'documents' ? '' : `?tab=${t}`}`, { scroll: false });
  // On a phone the tab row scrolls sideways: keep the open tab in view (a link may open the last one).
  const selected = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    selected.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <div>
      <Link href="/datarooms" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Data rooms
      </Link>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 truncate text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">
            {room.name}
            {room.is_frozen && (
              <Badge tone="amber">
                <Lock className="h-3 w-3" aria-hidden />
                Frozen
              </Badge>
            )}
          </h1>
          <p className="mt-1 text-sm text-zinc-500">
            {room.internal_name ? `${room.internal_name} · ` : ''}
            {room.document_count} {room.document_count === 1 ? 'document' : 'documents'} · {room.folder_count} {room.folder_count === 1 ? 'folder' : 'folders'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ViewAsMenu roomId={room.id} />
          <Button onClick={() => setSharing(true)}>
            <Share2 className="h-4 w-4" aria-hidden />
            Share
          </Button>
        </div>
      </div>
      <LinkDialog open={sharing} onOpenChange={setSharing} target={{ kind: 'dataroom', id: room.id, name: room.name }} />
      {room.is_frozen && (
        <p className="mb-4 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          <Lock className="h-4 w-4 shrink-0" aria-hidden />
          This room is frozen: its documents, folders and branding cannot change. Groups, members and permissions still can. Unfreeze it in Settings.
        </p>
      )}
      <div role="tablist" aria-label="Room sections" className="mb-5 flex gap-1 overflow-x-auto border-b border-zinc-200">
        {TABS.map((t) => (
          <Tab key={t.id} selected={tab === t.id} ref={tab === t.id ? selected : undefined} onClick={() => go(t.id)} className="px-3 py-2">
            {t.label}
            {t.id === 'qa' && unanswered > 0 && (
              <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-px text-xs font-semibold text-white" aria-label={`${unanswered} unanswered`}>
                {unanswered}
              </span>
            )}
            {t.id === 'uploads' && pendingUploads > 0 && (
              <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-px text-xs font-semibold text-white" aria-label={`${pendingUploads} pending`}>
                {pendingUploads}
              </span>
            )}
          </Tab>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'documents' && <RoomDocuments room={room} />}
        {tab === 'groups' && <RoomGroups room={room} />}
        {tab === 'permissions' && <RoomPermissionsTab room={room} />}
        {tab === 'qa' && <RoomQuestions room={room} />}
        {tab === 'uploads' && <RoomUploads room={room} />}
        {tab === 'branding' && <RoomBrandingTab room={room} />}
        {tab === 'analytics' && <RoomAnalytics roomId={room.id} />}
        {tab === 'activity' && <RoomActivity roomId={room.id} />}
        {tab === 'settings' && <RoomSettings room={room} />}
      </div>
    </div>
  );
}
