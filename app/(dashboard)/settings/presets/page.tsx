import type { Metadata } from 'next';
import { PresetsSettings } from '@/components/settings/presets-settings';

export const metadata: Metadata = { title: 'Link presets' };

export default function PresetsPage() {
  return <PresetsSettings />;
}
