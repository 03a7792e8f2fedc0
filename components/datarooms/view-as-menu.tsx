'use client';
// The room header's "View as": pick a group or a link, and the room opens as its visitors see it.
import { useQuery } from '@tanstack/react-query';
import { Eye, Link2, Users } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { useTRPC } from '@/lib/trpc/react';
import { useGroups } from './hooks';

export function ViewAsMenu({ roomId }: { roomId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const groups = useGroups(roomId).data?.data ?? [];
  const links = useQuery(trpc.links.list.queryOptions({ dataroom_id: roomId, limit: 25 })).data?.data ?? [];
  const go = (audience: string) => router.push(`/datarooms/${roomId}/view-as/${audience}`);
  const none = !groups.length && !links.length;
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="secondary" disabled={none} title={none ? 'Create a group or a link first' : undefined}>
          <Eye className="h-4 w-4" aria-hidden />
          View as
        </Button>
      </MenuTrigger>
      <MenuContent>
        {groups.map((g) => (
          <MenuItem key={g.id} icon={Users} onSelect={() => go(`g-${g.id}`)}>
            {g.name}
          </MenuItem>
        ))}
        {groups.length > 0 && links.length > 0 && <MenuSeparator />}
        {links.map((l) => (
          <MenuItem key={l.id} icon={Link2} onSelect={() => go(`l-${l.id}`)}>
            {l.name ?? l.url.split('/view/')[1] ?? l.id}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
