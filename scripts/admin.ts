// npm run admin -- token create --team <slug> --plan <plan> --scopes <a,b,...> [--name N]
//                   token list --team <slug> | token revoke <id> | team set-plan <slug> <plan>
//                   team add-member <slug> <email> [--role admin|manager|member]
//                   uploads sweep | device approve <user_code> --team <slug> --email <address>
//                   jobs list [--status queued|running|dead] | jobs retry <job-id>|dead
//                   scim token create --team <slug>
// Works beside a running server: it reaches the same database (DATABASE_URL, or the embedded
// one through its loopback port).
import { parseArgs } from 'node:util';
import { connectDatabase } from '../server/db/connect';
import { closeDb } from '../server/db/client';
import {
  adminAddMember,
  adminApprover,
  adminCreateToken,
  adminListTokens,
  adminRevokeToken,
  adminSetPlan,
  planName,
} from '../server/services/teams-admin';
import { sweep } from '../server/jobs/sweep';

const USAGE = `usage:
  npm run admin -- token create --team <slug> [--plan <plan>] --scopes <a,b,...> [--name <name>]
  npm run admin -- token list --team <slug>
  npm run admin -- token revoke <token-id>
  npm run admin -- team set-plan <slug> <plan>
  npm run admin -- team add-member <slug> <email> [--role admin|manager|member]
  npm run admin -- uploads sweep
  npm run admin -- jobs list [--status queued|running|dead]
  npm run admin -- jobs retry <job-id>|dead
  npm run admin -- device approve <user_code> --team <slug> --email <address>
  npm run admin -- digests send --team <slug> --email <address> --at <ISO time>
  npm run admin -- scim token create --team <slug>`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      team: { type: 'string' },
      plan: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      email: { type: 'string' },
      status: { type: 'string' },
      at: { type: 'string' },
    },
  });
  const [noun, verb, ...rest] = positionals;
  const database = await connectDatabase({ migrate: true });
  process.env.DATABASE_URL = database.url;
  try {
    if (noun === 'token' && verb === 'create') {
      if (!values.team || !values.scopes) throw new Error(USAGE);
      const { token, row } = await adminCreateToken({
        team: values.team,
        plan: values.plan,
        scopes: values.scopes.split(',').map((s) => s.trim()).filter(Boolean),
        name: values.name,
      });
      console.log(`created token ${row.id} for team ${values.team} with scopes ${row.scopes.join(',')}`);
      console.log(token);
    } else if (noun === 'token' && verb === 'list') {
      if (!values.team) throw new Error(USAGE);
      for (const t of await adminListTokens(values.team)) {
        const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active';
        console.log(`${t.id}\t${t.name}\t…${t.last4}\t${t.scopes.join(',')}\t${state}\tlast used ${t.lastUsedAt?.toISOString() ?? 'never'}`);
      }
    } else if (noun === 'token' && verb === 'revoke' && rest[0]) {
      await adminRevokeToken(rest[0]);
      console.log(`revoked ${rest[0]}`);
    } else if (noun === 'team' && verb === 'set-plan' && rest[0] && rest[1]) {
      const t = await adminSetPlan(rest[0], rest[1]);
      console.log(`team ${t.slug} is on plan ${planName(t.plan)}`);
    } else if (noun === 'team' && verb === 'add-member' && rest[0] && rest[1]) {
      const m = await adminAddMember(rest[0], rest[1], values.role);
      console.log(`${m.user.email} is ${m.role} of team ${m.team.slug}`);
    } else if (noun === 'digests' && verb === 'send') {
      // The digests a member's job would send at --at (an 08:00 of their zone): operators, and tests with a fixed clock.
      if (!values.team || !values.email || !values.at || Number.isNaN(Date.parse(values.at))) throw new Error(USAGE);
      const member = await adminApprover({ team: values.team, email: values.email });
      const { db } = await import('../server/db/client');
      const m = await db.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId: member.teamId, userId: member.userId } }, select: { id: true } });
      const { sendDigests } = await import('../server/services/digests/run');
      console.log(JSON.stringify(await sendDigests(m.id, Date.parse(values.at))));
    } else if (noun === 'device' && verb === 'approve' && rest[0]) {
      if (!values.team || !values.email) throw new Error(USAGE);
      const approver = await adminApprover({ team: values.team, email: values.email });
      const { decideDeviceRequest } = await import('../server/oauth/approval');
      const d = await decideDeviceRequest({ userId: approver.userId, address: 'operator', operator: true }, { userCode: rest[0], approve: true, teamId: approver.teamId });
      console.log(`approved ${d.user_code} for team ${d.team!.slug} as ${values.email.trim().toLowerCase()} with scopes ${d.scopes.join(' ')}`);
    } else if (noun === 'jobs' && verb === 'list') {
      const { listJobs } = await import('../server/jobs/admin');
      const { counts, rows } = await listJobs({ status: values.status });
      console.log(counts.length ? counts.map((c) => `${c.kind} ${c.status}: ${c.n}`).join('\n') : 'the queue is empty');
      for (const j of rows) console.log(`${j.id}\t${j.kind}\t${j.ref ?? '-'}\t${j.status}\tattempts ${j.attempts}\trun at ${j.runAt.toISOString()}\t${j.lastError ?? ''}`);
    } else if (noun === 'jobs' && verb === 'retry' && rest[0]) {
      const { retryJobs } = await import('../server/jobs/admin');
      const n = await retryJobs(rest[0]);
      console.log(n ? `queued ${n} dead job${n === 1 ? '' : 's'} again` : `no dead job ${rest[0] === 'dead' ? 'to retry' : rest[0]}`);
    } else if (noun === 'scim' && verb === 'token' && rest[0] === 'create') {
      if (!values.team) throw new Error(USAGE);
      const { adminCreateScimToken } = await import('../server/services/scim/tokens');
      const t = await adminCreateScimToken(values.team);
      console.log(`created SCIM token ${t.id} for team ${values.team} (the previous one, if any, is revoked)`);
      console.log(t.token);
    } else if (noun === 'uploads' && verb === 'sweep') {
      const { removed } = await sweep({ maxBatches: 10_000 });
      console.log(`removed ${removed} expired uploads and their files`);
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await closeDb();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
