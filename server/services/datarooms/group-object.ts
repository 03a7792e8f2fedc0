// The dataroom_group object of /v1, for the groups' service and the permissions' events.
import { iso } from '../../schemas/common';

export type GroupRow = {
  id: string;
  dataroomId: string;
  name: string;
  domains: string[];
  allowAll: boolean;
  createdAt: Date;
  updatedAt: Date;
  _count: { memberships: number };
};

export const toGroup = (g: GroupRow) => ({
  id: g.id,
  object: 'dataroom_group' as const,
  dataroom_id: g.dataroomId,
  name: g.name,
  domains: g.domains,
  allow_all: g.allowAll,
  member_count: g._count.memberships,
  created: iso(g.createdAt),
  updated_at: iso(g.updatedAt),
});

export const withCount = { _count: { select: { memberships: true } } } as const;

