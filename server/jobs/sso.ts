// SAML connections configured from a metadata URL on the one queue: one `sso.metadata` job per
// team, written with the configuration, that fetches the URL again and reschedules itself (daily,
// hourly while the fetch fails); a connection removed or given pasted XML ends it.
import { METADATA_REFRESH_MS, refreshSamlMetadata, SSO_METADATA_REFRESH } from '../services/sso/metadata-refresh';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerSsoJobs() {
  defineJobKind('sso.metadata', {
    run: async (job) => {
      const r = await refreshSamlMetadata(job.ref!, SSO_METADATA_REFRESH(job.teamId!));
      if (!r) return;
      return { againInMs: r.error ? METADATA_REFRESH_MS.failing : METADATA_REFRESH_MS.ok };
    },
    concurrency: 2,
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: exponentialBackoff,
  });
}
