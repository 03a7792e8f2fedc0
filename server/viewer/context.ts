// The viewer face decides who is acting from the link in the path and its session cookie, and
// nothing else (never next-auth, never a bearer token). Route handlers and pages build the
// context here, then call the viewer router or the viewer services with its actor.
import type { ViewerActor } from '../auth/actor';
import { config } from '../config';
import { requestOrigin } from '../lib/origin';
import { isOwnHost } from '../services/domains/hosts';
import { hostName } from '../services/domains/names';
import { accessAllowed } from '../services/visitor/gates';
import { admittedActor, loadViewerState, type ViewerState } from '../services/visitor/links';
import { appRequestAddress } from '../http/app-address';
import { sessionTokens } from './session';
import { ApiError } from '../errors';
import { addressAllowed } from '../../lib/shared/ip-rules';

export type ViewerRequest = {
  slug: string;
  cookie: string | null;
  /** The client's address (rate limits, the watermark's {{ip_address}}). */
  address: string;
  userAgent: string | null;
  /** The origin the visitor uses; cookies are Secure when it is https. */
  origin: string;
  /** Opened on a team's custom domain: the page does not name Quire (white label). */
  onCustomDomain?: boolean;
};

export type ViewerContext = ViewerRequest & {
  state: ViewerState;
  actor: ViewerActor | null;
  /** The link's or its room's IP allow list leaves the client's address out: nothing is shown or recorded. */
  ipRefused?: boolean;
};

export const LINK_IP_RULE = 'link_ip_allow_list';

/** 403 naming the rule (never the addresses it allows). */
export const linkIpRefusal = () => new ApiError('forbidden', 'This link is not available from your network.', { rule: LINK_IP_RULE });


/** `request`: the request itself when the caller has one (its socket address may be set on it). */
export function viewerRequest(slug: string, headers: Headers, url: string, request?: Request): ViewerRequest {
  const req = request ?? new Request(url, { headers });
  const own = isOwnHost(hostName(headers.get('host')));
  return {
    slug,
    cookie: headers.get('cookie'),
    address: appRequestAddress(req),
    userAgent: headers.get('user-agent'),
    // On a team's custom domain (host routing let only its verified domains through) the
    // visitor's origin is that host's: redirects, form checks and cookies follow it.
    origin: requestOrigin({ url, headers }, own ? config.appUrlSetting : null),
    onCustomDomain: !own,
  };
}

export const isSecure = (r: Pick<ViewerRequest, 'origin'>) => r.origin.startsWith('https:');

export async function createViewerContext(req: ViewerRequest): Promise<ViewerContext> {
  const state = await loadViewerState(req.slug, sessionTokens(req.cookie));
  if (state.state !== 'not_found' && !(addressAllowed(req.address, state.link.ipAllowList) && addressAllowed(req.address, state.link.roomIpAllowList))) {
    return { ...req, state, actor: null, ipRefused: true };
  }
  const admitted = state.state === 'live' ? admittedActor(state.link, state.session) : null;
  let actor = admitted && { ...admitted, request: { ipAddress: req.address, userAgent: req.userAgent } };
  // A group link's admission follows the group: a visitor removed from it is out at once.
  if (actor && state.state === 'live' && state.link.audienceType === 'group' && !(await accessAllowed(state.link, actor.email))) actor = null;
  return { ...req, state, actor };
}
