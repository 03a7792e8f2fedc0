import { ChartColumn } from 'lucide-react';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

export const metadata: Metadata = { title: 'Analytics' };

export default function AnalyticsPage() {
  return (
    <ComingSoon
      title="Analytics"
      icon={ChartColumn}
      summary="See who viewed what, for how long, page by page."
      points={['Views and unique visitors per document, link and room', 'Time spent on every page', 'Visitor history across your links']}
    />
  );
}
