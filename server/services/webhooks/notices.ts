// Mail to a team's admins when the delivery engine disables an endpoint after 5 days of failures
// (sent once: by the call that disabled it).
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db } from '../../db/client';
import type { ApiEndpoint } from './endpoints';

export async function mailAdminsEndpointFailing(teamId: string, endpoint: ApiEndpoint): Promise<void> {
  const admins = await db.teamMember.findMany({ where: { teamId, role: 'admin' }, select: { user: { select: { email: true } } } });
  const settings = `${config.appUrl}/settings/webhooks`;
  const text =
    `Every delivery to your webhook endpoint ${endpoint.url} has failed for 5 days, so Quire has disabled it ` +
    `and stopped its pending deliveries.\n\nOnce the receiver works again, enable the endpoint in Settings → Webhooks ` +
    `(${settings}) or with PATCH /v1/webhooks/${endpoint.id} {"enabled": true}; the delivery log can send any event again.\n`;
  await queueMail(
    db,
    admins.map((a) => ({ notice: { to: a.user.email, kind: 'webhook endpoint disabled notice', subject: 'A webhook endpoint was disabled', text, logValue: endpoint.url } })),
    teamId,
  );
}
