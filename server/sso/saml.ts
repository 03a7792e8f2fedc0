// SAML 2.0 service provider for one team, on @node-saml/node-saml (docs/decisions.md): it checks
// the XML signature of whichever part is signed (response or assertion) against the IdP's
// certificates, refuses more than one assertion and reads only what the signature covers (so a
// wrapped assertion is refused), the audience, the time window and that InResponseTo names a
// request we sent (the cache provider below reads our saml_requests). On top of it, here: the
// response's Destination and the assertion's Recipient are our ACS, the issuer is the configured
// IdP, the request is spent (one answer each) and the assertion id is used once.
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { db } from '../db/client';
import { isUniqueViolation } from '../services/locks';
import { spUrls } from '../services/sso/connection';

/** How long an AuthnRequest waits for its answer. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Clock difference tolerated between the IdP and us. */
const CLOCK_SKEW_MS = 60 * 1000;
/** How long an assertion id is remembered when the assertion names no end. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60 * 1000;

export type Connection = { teamId: string; slug: string; idpEntityId: string; idpSsoUrl: string; idpCerts: string[] };

/** A refusal the user is told about in general words; `reason` goes to the server log only. */
export class SsoRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SsoRefused';
  }
}

function requestStore(teamId: string): CacheProvider {
  return {
    async saveAsync(key, value) {
      await db.samlRequest.create({ data: { id: key, teamId, expiresAt: new Date(Date.now() + REQUEST_TTL_MS) } });
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const r = await db.samlRequest.findFirst({ where: { id: key, teamId, expiresAt: { gt: new Date() } } });
      return r ? r.createdAt.toISOString() : null;
    },
    // node-saml removes the request itself once the response is checked; verifyResponse spends it
    // instead, atomically, after our own checks too (a second answer then finds nothing to delete).
    async removeAsync(key) {
      return key;
    },
  };
}

function samlFor(c: Connection): SAML {
  const sp = spUrls(c.slug);
  return new SAML({
    issuer: sp.entity_id,
    audience: sp.entity_id,
    callbackUrl: sp.acs_url,
    entryPoint: c.idpSsoUrl,
    idpCert: c.idpCerts,
    idpIssuer: c.idpEntityId,
    // Either the response or the assertion must carry a valid signature (node-saml refuses when
    // neither does); requiring one in particular would refuse common IdPs.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestStore(c.teamId),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    generateUniqueId: () => `_${crypto.randomUUID().replace(/-/g, '')}`,
  });
}

export function spMetadata(c: Pick<Connection, 'slug'> & Partial<Connection>): string {
  const sp = spUrls(c.slug);
  return new SAML({ issuer: sp.entity_id, callbackUrl: sp.acs_url, idpCert: 'unused', wantAssertionsSigned: true }).generateServiceProviderMetadata(null, null);
}

/** The IdP address the browser is sent to, with a fresh AuthnRequest (stored for InResponseTo). */
export async function authorizeUrl(c: Connection, relayState: string): Promise<string> {
  return samlFor(c).getAuthorizeUrlAsync(relayState, undefined, {});
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
const attr = (doc: Node, expr: string): string | null => {
  const n = xpath.select(expr, doc) as Attr[];
  return n.length ? n[0]!.value : null;
};

export type SsoIdentity = { email: string; name: string | null };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_ATTRIBUTES = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', 'urn:oid:2.16.840.1.113730.3.1.241'];

function first(profile: Profile, keys: string[]): string | null {
  for (const k of keys) {
    const v = profile[k];
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === 'string' && s.trim()) return s.trim();
  }
  return null;
}

/** Every check of a posted SAMLResponse; the identity it proves, or SsoRefused. */
export async function verifyResponse(c: Connection, samlResponse: string): Promise<SsoIdentity> {
  const sp = spUrls(c.slug);
  let xml: string;
  try {
    xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  } catch {
    throw new SsoRefused('SAMLResponse is not base64');
  }
  if (/<!DOCTYPE/i.test(xml)) throw new SsoRefused('DOCTYPE in the response');
  const doc = parse(xml);
  const inResponseTo = attr(doc, "/*[local-name()='Response']/@InResponseTo");

  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(c).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    if (inResponseTo) await db.samlRequest.deleteMany({ where: { id: inResponseTo, teamId: c.teamId } });
    throw new SsoRefused(`node-saml: ${(e as Error).message}`);
  }
  if (!profile) throw new SsoRefused('no assertion');

  const destination = attr(doc, "/*[local-name()='Response']/@Destination");
  if (destination !== sp.acs_url) throw new SsoRefused(`Destination ${destination ?? '(none)'} is not ${sp.acs_url}`);
  if (profile.issuer !== c.idpEntityId) throw new SsoRefused(`issuer ${profile.issuer} is not ${c.idpEntityId}`);

  // Read from the signed assertion only (what node-saml verified), never from the response around it.
  const assertionXml = profile.getAssertionXml?.();
  if (!assertionXml) throw new SsoRefused('no signed assertion');
  const assertion = parse(assertionXml);
  const assertionId = attr(assertion, "/*[local-name()='Assertion']/@ID");
  if (!assertionId) throw new SsoRefused('assertion without ID');
  const recipients = (xpath.select("//*[local-name()='SubjectConfirmationData']/@Recipient", assertion) as Attr[]).map((a) => a.value);
  if (recipients.some((r) => r !== sp.acs_url)) throw new SsoRefused(`Recipient ${recipients.join(', ')} is not ${sp.acs_url}`);
  const notOnOrAfter = attr(assertion, "//*[local-name()='Conditions']/@NotOnOrAfter");

  // Spend the request: a second answer to it (a replay) finds nothing to delete.
  const spent = await db.samlRequest.deleteMany({ where: { id: inResponseTo ?? '', teamId: c.teamId } });
  if (spent.count !== 1) throw new SsoRefused(`InResponseTo ${inResponseTo} was already answered`);
  try {
    const end = notOnOrAfter ? Date.parse(notOnOrAfter) + CLOCK_SKEW_MS : NaN;
    await db.samlAssertionUse.create({ data: { teamId: c.teamId, assertionId, expiresAt: new Date(Number.isFinite(end) ? end : Date.now() + ASSERTION_MEMORY_MS) } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new SsoRefused(`assertion ${assertionId} was already used`);
    throw e;
  }

  const email = first(profile, EMAIL_ATTRIBUTES) ?? (profile.nameID && EMAIL_RE.test(profile.nameID) ? profile.nameID : null);
  if (!email || !EMAIL_RE.test(email)) throw new SsoRefused('the assertion names no email address');
  return { email: email.toLowerCase(), name: first(profile, NAME_ATTRIBUTES) };
}

