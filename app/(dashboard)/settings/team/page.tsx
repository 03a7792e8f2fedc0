import type { Metadata } from 'next';
import { InvitationsCard, MembersCard } from '@/components/settings/members-card';
import { TeamCard } from '@/components/settings/team-card';
import { PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Team settings' };

export default function TeamSettingsPage() {
  return (
    <>
      <PageHeader title="Team settings" description="Your team’s name, plan and the people in it." />
      <div className="space-y-6">
        <TeamCard />
        <MembersCard />
        <InvitationsCard />
      </div>
    </>
  );
}
