'use client';
// A data room's Activity tab: the audit log of this room alone (its documents, folders, groups,
// links and visits), with its own CSV.
import { AuditLogList } from '@/components/events/audit-log-list';

export function RoomActivity({ roomId }: { roomId: string }) {
  return (
    <div data-testid="room-activity">
      <AuditLogList roomId={roomId} />
    </div>
  );
}
