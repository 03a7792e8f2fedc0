'use client';
import { Download } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { withTeam } from '@/lib/shared/dashboard-team';
import { useTabTeamId } from '@/lib/trpc/react';

/** A CSV download of analytics for the range shown (app/api/analytics/export). */
export function ExportLink({ params, label }: { params: Record<string, string | number | undefined>; label: string }) {
  const q = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return (
    <a href={withTeam(`/api/analytics/export?${q}`, useTabTeamId())} download className={buttonClass('secondary', 'sm')}>
      <Download className="h-4 w-4" aria-hidden /> {label}
    </a>
  );
}
