// The viewer face decides who is acting from the link in the path and its session cookie, and
// nothing else (never next-auth, never a bearer token). Route handlers and pages build the
// context here, then call the viewer router or the viewer services with its actor.
import type { ViewerActor } from '../auth/actor';
import { config } from '../config';
import { requestOrigin } from '../lib/origin';
import { accessAllowed } from '../services/visitor/gates';
import { admittedActor, loadViewerState, type ViewerState } from '../services/visitor/links';
import { appRequestAddress } from '../http/app-address';
import { sessionTokens } from './session';

export type ViewerRequest = {
  slug: string;
  cookie: string | null;
  /** The client's address (rate limits, the watermark's {{ip_address}}). */
  address: string;
  userAgent: string | null;
  /** The origin the visitor uses; cookies are Secure when it is https. */
  origin: string;
};

export type ViewerContext = ViewerRequest & { state: ViewerState; actor: ViewerActor | null };


/** `request`: the request itself when the caller has one (its socket address may be set on it). */
export function viewerRequest(slug: string, headers: Headers, url: string, request?: Request): ViewerRequest {
  const req = request ?? new Request(url, { headers });
  return {
    slug,
    cookie: headers.get('cookie'),
    address: appRequestAddress(req),
    userAgent: headers.get('user-agent'),
    origin: requestOrigin({ url, headers }, config.appUrlSetting),
  };
}

export const isSecure = (r: Pick<ViewerRequest, 'origin'>) => r.origin.startsWith('https:');

export async function createViewerContext(req: ViewerRequest): Promise<ViewerContext> {
  const state = await loadViewerState(req.slug, sessionTokens(req.cookie));
  const admitted = state.state === 'live' ? admittedActor(state.link, state.session) : null;
  let actor = admitted && { ...admitted, request: { ipAddress: req.address, userAgent: req.userAgent } };
  // A group link's admission follows the group: a visitor removed from it is out at once.
  if (actor && state.state === 'live' && state.link.audienceType === 'group' && !(await accessAllowed(state.link, actor.email))) actor = null;
  return { ...req, state, actor };
}
