// A real SAML identity provider for the tests: its own RSA key and self-signed certificate (made
// with openssl), metadata, and signed responses built with xml-crypto (the XML-DSig library
// node-saml itself verifies with), answering the AuthnRequest our login route sends.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export type TestIdp = {
  entityId: string;
  ssoUrl: string;
  metadata: string;
  /** The AuthnRequest id inside a login redirect's SAMLRequest. */
  requestIdOf(location: string): string;
  response(o: ResponseOptions): string;
};

export type ResponseOptions = {
  requestId: string;
  acs: string;
  audience: string;
  email: string;
  /** Minutes from now the assertion stops being valid (negative: expired). */
  validForMinutes?: number;
  assertionId?: string;
  sign?: 'assertion' | 'response';
  /** Changes the XML after it was signed (a tampering attacker). */
  after?: (signedXml: string) => string;
  issuer?: string;
  destination?: string;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function makeTestIdp(name = 'test-idp'): TestIdp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-idp-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${name}`], { stdio: 'ignore' });
  const privateKey = fs.readFileSync(keyFile, 'utf8');
  const cert = fs.readFileSync(certFile, 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  const certBody = cert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const entityId = `https://${name}.example/saml`;
  const ssoUrl = `https://${name}.example/sso`;
  const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function sign(xml: string, target: 'Assertion' | 'Response'): string {
    const sig = new SignedXml({
      privateKey,
      publicCert: cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: `//*[local-name(.)='${target}']`,
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${target}']/*[local-name(.)='Issuer']`, action: 'after' } });
    return sig.getSignedXml();
  }

  return {
    entityId,
    ssoUrl,
    metadata,
    requestIdOf(location) {
      const req = new URL(location).searchParams.get('SAMLRequest');
      if (!req) throw new Error(`no SAMLRequest in ${location}`);
      const xml = zlib.inflateRawSync(Buffer.from(req, 'base64')).toString('utf8');
      const id = /\sID="([^"]+)"/.exec(xml)?.[1];
      if (!id) throw new Error(`no ID in ${xml}`);
      return id;
    },
    response(o) {
      const now = Date.now();
      const iso = (ms: number) => new Date(ms).toISOString();
      const until = iso(now + (o.validForMinutes ?? 5) * 60_000);
      const notBefore = iso(now - 60_000 + (o.validForMinutes !== undefined && o.validForMinutes < 0 ? o.validForMinutes * 60_000 - 60_000 : 0));
      const assertionId = o.assertionId ?? `_a${crypto.randomBytes(10).toString('hex')}`;
      const issuer = o.issuer ?? entityId;
      const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${esc(issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${o.requestId}" NotOnOrAfter="${until}" Recipient="${esc(o.acs)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${esc(o.email)}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="displayName"><saml:AttributeValue>SSO Person</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
      const signedAssertion = (o.sign ?? 'assertion') === 'assertion' ? sign(assertion, 'Assertion') : assertion;
      let xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomBytes(10).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.destination ?? o.acs)}" InResponseTo="${o.requestId}"><saml:Issuer>${esc(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signedAssertion}</samlp:Response>`;
      if (o.sign === 'response') xml = sign(xml, 'Response');
      if (o.after) xml = o.after(xml);
      return Buffer.from(xml, 'utf8').toString('base64');
    },
  };
}
