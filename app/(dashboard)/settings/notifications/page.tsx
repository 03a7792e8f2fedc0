import type { Metadata } from 'next';
import { DigestSettingsCard } from '@/components/settings/digest-settings';
import { PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Notifications' };

export default function NotificationSettingsPage() {
  return (
    <>
      <PageHeader title="Notifications" description="How you hear about visits, questions, access requests and uploads in this team." />
      <DigestSettingsCard />
    </>
  );
}
