// What a team asks of every request made for it, whichever face: an IP allow list (dashboard
// sessions and API tokens) and, for members in the dashboard, two-factor. A refusal names the
// rule that refused, never the addresses a list holds.
import { ApiError } from '../errors';
import { addressAllowed } from '../../lib/shared/ip-rules';

export const TEAM_IP_RULE = 'team_ip_allow_list';
export const TEAM_TWO_FACTOR_RULE = 'team_requires_two_factor';
export const TEAM_SSO_RULE = 'team_requires_sso';

/** 403 when the team has an allow list and the request's address is outside it, else null. */
export function teamIpRefusal(address: string | null | undefined, allowList: readonly string[]): ApiError | null {
  if (addressAllowed(address, allowList)) return null;
  return new ApiError('forbidden', "This team's IP allow list does not include the address this request comes from.", { rule: TEAM_IP_RULE });
}

export const twoFactorSetupRefusal = () =>
  new ApiError('forbidden', 'This team requires two-factor authentication: set it up in Settings → Security to continue.', { rule: TEAM_TWO_FACTOR_RULE });

/** A member whose teams all require single sign-on, signed in another way: the team to sign in to. */
export const ssoRequiredRefusal = (team: { slug: string; name: string }) =>
  new ApiError('forbidden', `${team.name} requires single sign-on: continue with SSO to reach it.`, { rule: TEAM_SSO_RULE, team: team.slug, name: team.name });

/** A session that still owes its second factor: only the two-factor step may be used. */
export const twoFactorPendingRefusal = () =>
  new ApiError('unauthorized', 'Finish signing in: enter a code from your authenticator app or use your passkey.', { rule: 'two_factor_required' });
