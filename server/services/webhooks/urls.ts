// Which URLs an endpoint may have (DESIGN.md "Webhooks"): https to a public address, the same rules
// as every fetch of a user-supplied URL (server/net/safe-fetch.ts), which checks them again at
// every delivery. WEBHOOK_ALLOW_PRIVATE_URLS=true lets http and loopback/private addresses through.
import dns from 'node:dns';
import net from 'node:net';
import { config } from '../../config';
import { invalid } from '../../errors';
import { isPublicUnicast } from '../../net/safe-fetch';
import { WEBHOOK_URL_MAX } from '../../../lib/shared/webhooks';

export type Lookup = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5_000;

const systemLookup: Lookup = (host) =>
  Promise.race([
    dns.promises.lookup(host, { all: true, verbatim: true }).then((a) => a.map((x) => x.address)),
    new Promise<string[]>((_, reject) => setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS).unref()),
  ]);

const refuse = (message: string) => invalid('url', message);

/** A loopback or private receiver is refused by default; the setting that allows it (for local testing) is named. */
const PRIVATE_HINT = '; a server run for local testing allows http and private addresses when its operator sets WEBHOOK_ALLOW_PRIVATE_URLS=true';

/** The URL as stored (normalised by the URL parser), or a 422 naming `url`. */
export async function checkWebhookUrl(raw: string, o: { allowPrivate?: boolean; lookup?: Lookup } = {}): Promise<string> {
  const allowPrivate = o.allowPrivate ?? config.webhookAllowPrivateUrls;
  if (raw.length > WEBHOOK_URL_MAX) throw refuse(`must be at most ${WEBHOOK_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute https URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const localHost = net.isIP(host) ? !isPublicUnicast(host) : host !== '' && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'));
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw refuse(allowPrivate ? 'must be an http or https URL' : `must be an https URL${localHost ? PRIVATE_HINT : ''}`);
  if (url.username || url.password) throw refuse('must not carry a user name or password');
  if (url.href.length > WEBHOOK_URL_MAX) throw refuse(`must be at most ${WEBHOOK_URL_MAX} characters`);
  if (allowPrivate) return url.href;

  const notPublic = `must point to a public address (not loopback, private, link-local or reserved)${PRIVATE_HINT}`;
  if (localHost) throw refuse(notPublic);
  if (net.isIP(host)) return url.href;
  let addresses: string[];
  try {
    addresses = await (o.lookup ?? systemLookup)(host);
  } catch {
    throw refuse('its host name could not be resolved');
  }
  if (!addresses.length) throw refuse('its host name could not be resolved');
  if (!addresses.every(isPublicUnicast)) throw refuse(notPublic);
  return url.href;
}
