// The bars of "average time per page": page N, or for a video its 10-second segment N (the axis
// names where the segment starts, 0:10; its label the stretch it covers, 0:10–0:20).
import { clock, SEGMENT_MS, segmentLabel } from '@/lib/shared/video';
import type { BarDatum } from './bar-chart';

export function pageBars(rows: { page_number: number; avg_duration_seconds: number }[], video: boolean, atLeast = 0): BarDatum[] {
  const seen = new Map(rows.map((p) => [p.page_number, p.avg_duration_seconds]));
  const pages = Math.max(atLeast, ...seen.keys());
  return Array.from({ length: pages }, (_, i) => ({
    key: video ? clock((i * SEGMENT_MS) / 1000) : String(i + 1),
    label: video ? segmentLabel(i + 1) : `Page ${i + 1}`,
    value: seen.get(i + 1) ?? 0,
  }));
}
