// An identity provider's SAML metadata (pasted XML, or fetched from its URL): its entity id, the
// HTTP-Redirect single sign-on address and the signing certificates. The URL is fetched through
// safeFetch: https only, public addresses only (never the service's own network), 10 s, 1 MB.
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { invalid as invalidField } from '../../errors';
import { safeFetch, SafeFetchError } from '../../net/safe-fetch';

export type IdpMetadata = { entityId: string; ssoUrl: string; certs: string[] };

const MAX_METADATA_BYTES = 1024 * 1024;
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

const invalid = (message: string) => invalidField('metadata_xml', message);

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (xml.length > MAX_METADATA_BYTES) throw invalid('The metadata is larger than 1 MB.');
  // A DOCTYPE is never needed in metadata and is how entity-expansion attacks start.
  if (/<!DOCTYPE/i.test(xml)) throw invalid('The metadata must not contain a DOCTYPE.');
  let doc: Document;
  const errors: string[] = [];
  try {
    doc = new DOMParser({ onError: (level: string, msg: string) => void (level !== 'warning' && errors.push(msg)) } as never).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw invalid('The metadata is not well-formed XML.');
  }
  if (errors.length || !doc?.documentElement) throw invalid('The metadata is not well-formed XML.');
  const sel = (expr: string, node: Node = doc) => xpath.select(expr, node) as Node[];
  const entity = sel("//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]")[0] as Element | undefined;
  if (!entity) throw invalid('The metadata has no EntityDescriptor with an IDPSSODescriptor: is it the identity provider’s?');
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw invalid('The EntityDescriptor has no entityID.');
  const idp = sel("*[local-name()='IDPSSODescriptor']", entity)[0] as Element;
  const services = sel("*[local-name()='SingleSignOnService']", idp) as Element[];
  const ssoUrl = services.find((s) => s.getAttribute('Binding') === REDIRECT)?.getAttribute('Location')?.trim();
  if (!ssoUrl) throw invalid('The identity provider offers no SingleSignOnService with the HTTP-Redirect binding.');
  let parsed: URL;
  try {
    parsed = new URL(ssoUrl);
  } catch {
    throw invalid('The SingleSignOnService Location is not a URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid('The SingleSignOnService Location must be an http(s) URL.');
  const keys = sel("*[local-name()='KeyDescriptor'][not(@use) or @use='signing']", idp) as Element[];
  const certs = [
    ...new Set(
      keys.flatMap((k) => sel(".//*[local-name()='X509Certificate']", k).map((c) => (c.textContent ?? '').replace(/\s+/g, ''))).filter((c) => /^[A-Za-z0-9+/=]{100,}$/.test(c)),
    ),
  ];
  if (!certs.length) throw invalid('The metadata has no signing certificate (KeyDescriptor with an X509Certificate).');
  return { entityId, ssoUrl, certs };
}

export async function fetchIdpMetadata(url: string): Promise<string> {
  try {
    const r = await safeFetch(url, { maxBytes: MAX_METADATA_BYTES, timeoutMs: 10_000, maxRedirects: 3 });
    return r.bytes.toString('utf8');
  } catch (e) {
    if (e instanceof SafeFetchError) throw invalidField('metadata_url', `could not be fetched: ${e.message}`);
    throw e;
  }
}
