import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** The frame of a section that is not built yet: clearly marked, saying what it will do. */
export function ComingSoon({ title, icon, summary, points }: { title: string; icon: LucideIcon; summary: string; points: string[] }) {
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {title} <Badge tone="amber">Coming soon</Badge>
          </span>
        }
      />
      <div className="rounded-xl border border-dashed border-zinc-300 bg-white">
        <EmptyState icon={icon} title="This section is coming soon">
          <p>{summary}</p>
          <ul className="mt-4 space-y-1 text-left text-zinc-500">
            {points.map((p) => (
              <li key={p} className="flex gap-2">
                <span aria-hidden>•</span>
                {p}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-zinc-500">Until then, organise your files in Documents; they will be ready to share.</p>
        </EmptyState>
      </div>
    </>
  );
}
