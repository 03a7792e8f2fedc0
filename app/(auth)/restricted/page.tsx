import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { buttonClass } from '@/components/ui/button';
import { TEAM_SSO_RULE } from '@/server/auth/team-guards';
import { getServerContext } from '@/server/dashboard/caller';

export const metadata: Metadata = { title: 'Not available' };

/**
 * Where the dashboard sends a member it holds back from their team: the team's IP allow list
 * leaves out their address, or the team requires single sign-on and they signed in another way.
 */
export default async function RestrictedPage() {
  const ctx = await getServerContext();
  if (!ctx.user) redirect('/signin');
  if (!ctx.teamRefusal) redirect('/documents');
  const details = ctx.teamRefusal.details ?? {};
  const ssoTeam = details.rule === TEAM_SSO_RULE ? { slug: String(details.team), name: String(details.name) } : null;
  return (
    <>
      {ssoTeam ? (
        <>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Sign in with single sign-on</h1>
          <p className="mt-2 text-sm text-zinc-600" data-testid="team-sso-required">
            <span className="font-medium text-zinc-900">{ssoTeam.name}</span> requires single sign-on: its members reach it through
            the company’s identity provider, not an emailed link.
          </p>
          <div className="mt-6 flex flex-col gap-2">
            <a
              href={`/sso/saml/${encodeURIComponent(ssoTeam.slug)}/login?callbackUrl=${encodeURIComponent('/documents')}`}
              className={buttonClass('primary', 'md', 'w-full justify-center')}
            >
              Continue with SSO
            </a>
            <Link href="/teams/new" className="text-center text-sm text-zinc-600 hover:text-zinc-900">
              Create a team of your own
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Not available from this network</h1>
          <p className="mt-2 text-sm text-zinc-600" data-testid="team-ip-refused">
            Your team allows its dashboard only from certain networks, and this address is not one of them
            {ctx.address && ctx.address !== 'unknown' ? (
              <>
                {' '}(<span className="font-mono text-xs">{ctx.address}</span>)
              </>
            ) : null}
            . Connect from an allowed network (your office or VPN), or ask a team admin.
          </p>
          <div className="mt-6 flex flex-col gap-2">
            <Link href="/teams/new" className="text-center text-sm text-zinc-600 hover:text-zinc-900">
              Create another team
            </Link>
          </div>
        </>
      )}
      <p className="mt-6 border-t border-zinc-100 pt-4 text-center text-xs text-zinc-500">
        Signed in as <span className="font-medium text-zinc-700">{ctx.user.email}</span>
      </p>
    </>
  );
}
