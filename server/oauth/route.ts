// Every request to the issuer (app/oauth/[...path], app/.well-known/openid-configuration and
// app/.well-known/oauth-authorization-server):
// only the working endpoints (settings.ts) reach the provider, through the node bridge.
import { appRequestAddress } from '../http/app-address';
import { bridge } from './node-bridge';
import { getProvider } from './provider';
import { DISCOVERY_PATH, isIssuerPath, OAUTH_METADATA_PATH } from './settings';

export async function issuerRoute(req: Request): Promise<Response> {
  const url = new URL(req.url);
  if (!isIssuerPath(url.pathname)) {
    return Response.json({ error: 'not_found', error_description: 'No such OAuth endpoint.' }, { status: 404 });
  }
  try {
    const provider = await getProvider();
    // The provider serves its metadata at the OpenID path only; RFC 8414's path gets the same document.
    const pathname = url.pathname === OAUTH_METADATA_PATH ? DISCOVERY_PATH : url.pathname;
    return await bridge(req, pathname + url.search, provider.callback(), appRequestAddress(req));
  } catch (e) {
    console.error('[quire] oauth issuer failed:', e);
    return Response.json({ error: 'server_error', error_description: 'Something went wrong on our side.' }, { status: 500 });
  }
}
