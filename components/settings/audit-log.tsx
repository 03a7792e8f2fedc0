'use client';
// Settings → Audit log: every event of the team (DESIGN.md "Events"), filtered, with its CSV.
import { useIdentity } from '@/components/shell/team-context';
import { AuditLogList } from '@/components/events/audit-log-list';
import { PageHeader } from '@/components/ui/card';

export function AuditLog() {
  const { team } = useIdentity();
  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          <>
            Everything that happened in <strong className="font-medium text-zinc-800">{team.name}</strong>: who changed what, when and from where, and every
            visit to your links. Open an entry to see what changed.
          </>
        }
      />
      <AuditLogList />
    </>
  );
}
