import type { Metadata } from 'next';
import { ConnectedApps } from '@/components/settings/connected-apps';

export const metadata: Metadata = { title: 'Connected apps' };

export default function ConnectedAppsPage() {
  return <ConnectedApps />;
}
