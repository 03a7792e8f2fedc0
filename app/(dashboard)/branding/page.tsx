import type { Metadata } from 'next';
import { BrandsOverview } from '@/components/branding/brands-overview';

export const metadata: Metadata = { title: 'Branding' };

export default function BrandingPage() {
  return <BrandsOverview />;
}
