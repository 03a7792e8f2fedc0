import type { Metadata } from 'next';
import { SessionsCard } from '@/components/settings/security/sessions-card';
import { ScimCard } from '@/components/settings/security/scim-card';
import { SsoCard } from '@/components/settings/security/sso-card';
import { TeamRulesCard } from '@/components/settings/security/team-rules-card';
import { TwoFactorCard } from '@/components/settings/security/two-factor-card';
import { PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Security' };

/** Settings → Security: one card per concern (the team's rules, single sign-on, provisioning, sign-in methods, sessions). */
export default function SecuritySettingsPage() {
  return (
    <>
      <PageHeader title="Security" description="How you and your team sign in, where from, and where you are signed in now." />
      <div className="space-y-6">
        <TeamRulesCard />
        <SsoCard />
        <ScimCard />
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </>
  );
}
