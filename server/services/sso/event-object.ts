// What the audit log and webhooks keep of a team's SAML connection: the IdP's details with its
// signing certificates as SHA-256 fingerprints (a rotation shows as a change), never the
// certificates themselves.
import { createHash } from 'node:crypto';

type Row = { idpEntityId: string; idpSsoUrl: string; idpCerts: string[]; metadataUrl: string | null; metadataError: string | null; domains: string[]; requireSso: boolean };

const fingerprint = (base64Der: string) =>
  createHash('sha256')
    .update(Buffer.from(base64Der, 'base64'))
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

export const ssoEventObject = (teamId: string, c: Row | null) => ({
  id: `saml_${teamId}`,
  object: 'saml_connection',
  idp_entity_id: c?.idpEntityId ?? null,
  idp_sso_url: c?.idpSsoUrl ?? null,
  idp_certificate_fingerprints: (c?.idpCerts ?? []).map(fingerprint),
  metadata_url: c?.metadataUrl ?? null,
  metadata_error: c?.metadataError ?? null,
  domains: c?.domains ?? [],
  require_sso: c?.requireSso ?? false,
});
