import { Palette } from 'lucide-react';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

export const metadata: Metadata = { title: 'Branding' };

export default function BrandingPage() {
  return (
    <ComingSoon
      title="Branding"
      icon={Palette}
      summary="Make what your viewers see look like you."
      points={['Logo, banner and brand colour', 'Welcome message and call to action', 'Link previews and data room layout']}
    />
  );
}
