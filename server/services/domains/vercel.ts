// TLS on Vercel: each custom domain is added to the Vercel project (which then issues its
// certificate) and verified there, through Vercel's REST API, when VERCEL_API_TOKEN and
// VERCEL_PROJECT_ID are set. Plain fetch; VERCEL_API_URL points it at a fake in tests.
//   POST   /v10/projects/{project}/domains            { name }  -> project domain (verified, verification[])
//   POST   /v9/projects/{project}/domains/{name}/verify          -> project domain, or 400 when not yet verifiable
//   DELETE /v9/projects/{project}/domains/{name}
import { config } from '../../config';

type ProjectDomain = { name: string; verified: boolean; verification?: { type: string; domain: string; value: string; reason?: string }[] };
export type VercelResult = { ok: true; verified: boolean; note: string | null } | { ok: false; error: string };

const TIMEOUT_MS = 10_000;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const v = config.vercelDomains!;
  const url = new URL(`${v.apiUrl}${path}`);
  if (v.teamId) url.searchParams.set('teamId', v.teamId);
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${v.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

const project = () => encodeURIComponent(config.vercelDomains!.projectId);
const vercelError = (r: { status: number; json: any }) => `Vercel answered ${r.status}${r.json?.error?.message ? `: ${r.json.error.message}` : ''}`;

function pending(d: ProjectDomain): string | null {
  if (d.verified) return null;
  const v = d.verification?.[0];
  return v ? `Vercel asks for a ${v.type} record at ${v.domain} holding ${JSON.stringify(v.value)}${v.reason ? ` (${v.reason})` : ''}.` : 'Vercel has not verified the domain yet.';
}

export const vercelConfigured = () => config.vercelDomains !== null;

/** Adds the domain to the project (an existing one on this project counts as added), then asks Vercel to verify it. */
export async function addAndVerify(name: string): Promise<VercelResult> {
  try {
    const added = await call('POST', `/v10/projects/${project()}/domains`, { name });
    const exists = added.status === 400 && /already|exist/i.test(`${added.json?.error?.code} ${added.json?.error?.message}`);
    if (added.status >= 300 && !exists) return { ok: false, error: vercelError(added) };
    if (added.status < 300 && (added.json as ProjectDomain).verified) return { ok: true, verified: true, note: null };
    const verified = await call('POST', `/v9/projects/${project()}/domains/${encodeURIComponent(name)}/verify`);
    if (verified.status < 300) {
      const d = verified.json as ProjectDomain;
      return { ok: true, verified: d.verified, note: pending(d) };
    }
    return { ok: true, verified: false, note: verified.json?.error?.message ? `Vercel: ${verified.json.error.message}` : vercelError(verified) };
  } catch (e) {
    return { ok: false, error: `Vercel could not be reached (${(e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message})` };
  }
}

/** Removes the domain from the project; a domain Vercel does not have is removed already. */
export async function removeFromProject(name: string): Promise<void> {
  try {
    const r = await call('DELETE', `/v9/projects/${project()}/domains/${encodeURIComponent(name)}`);
    if (r.status >= 300 && r.status !== 404) console.warn(`[quire] removing ${name} from the Vercel project: ${vercelError(r)}`);
  } catch (e) {
    console.warn(`[quire] removing ${name} from the Vercel project failed:`, (e as Error).message);
  }
}
