import { Link2 } from 'lucide-react';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon/coming-soon';

export const metadata: Metadata = { title: 'Links' };

export default function LinksPage() {
  return (
    <ComingSoon
      title="Links"
      icon={Link2}
      summary="Share a document or a data room through a link you control."
      points={['Passwords, expiry dates and email verification', 'Allow and block lists, watermarks, downloads on or off', 'Reusable presets for the settings you use most']}
    />
  );
}
