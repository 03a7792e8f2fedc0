// A server killed in the middle of a delivery delivers it after it is started again (DESIGN.md
// "Webhooks": at least once). A second server of its own (its own embedded database in its own
// data directory, or its own scratch database on CI's PostgreSQL pass), so no other instance can
// send the row for it: the receiver holds the first attempt open, the server is killed with
// SIGKILL (no shutdown code runs), started again on the same data, and its poller sends the row
// once the dead process's claim (WEBHOOK_CLAIM_SECONDS, shortened here) has passed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { ownDatabase } from './support/database';
import { ok } from './support/docs';
import { startServer, type RunningServer } from './support/server';
import { startReceiver, until, verified, type Receiver } from './support/webhook-receiver';

let receiver: Receiver;
let server: RunningServer | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let env: Record<string, string>;
const dir = path.join(inject('tmpDir'), 'restart');

beforeAll(async () => {
  receiver = await startReceiver();
  fs.mkdirSync(dir, { recursive: true });
  env = {
    ...inject('serverEnv'),
    QUIRE_DATA_DIR: path.join(dir, 'data'),
    WEBHOOK_CLAIM_SECONDS: '3',
  };
  dropDatabase = await ownDatabase(env, 'restart');
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await dropDatabase?.();
});

function kill(s: RunningServer) {
  process.kill(-s.pid, 'SIGKILL');
}

it('a server killed while a delivery is in flight sends it after a restart, signed, with the same event id', async () => {
  server = await startServer(env, { logFile: path.join(dir, 'server.log') });
  const { token } = await createToken({ team: uniqueTeam('hooks-restart'), scopes: 'apis.all', plan: 'datarooms-plus', env });
  const api = client(token, server.url);
  receiver.answer('/restart', (n) => (n === 1 ? 'hang' : 200));
  const endpoint = ok(await api.post('/v1/webhooks', { url: receiver.url('/restart'), events: ['folder.created'] }), 201);
  const folder = ok(await api.post('/v1/folders', { name: 'Killed mid-delivery' }), 201);

  // The first attempt reaches the receiver, which holds it open; the sender dies holding its claim.
  await until(() => receiver.at('/restart').length === 1, 20_000);
  kill(server);
  receiver.release();
  server = await startServer(env, { logFile: path.join(dir, 'server.log') });

  await until(() => receiver.at('/restart').length === 2, 45_000);
  const [first, second] = receiver.at('/restart');
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  const body = verified(endpoint.secret, second!);
  expect(body).toMatchObject({ type: 'folder.created', data: { object: { id: folder.id, object: 'folder' } } });

  // The delivery log shows both attempts and the success; nothing is left to send.
  const restarted = client(token, server.url);
  await until(async () => ok(await restarted.get(`/v1/webhooks/${endpoint.id}/deliveries`)).data[0]?.status === 'succeeded', 20_000);
  const [delivery] = ok(await restarted.get(`/v1/webhooks/${endpoint.id}/deliveries`)).data;
  expect(delivery).toMatchObject({ event_id: first!.headers['webhook-id'], status: 'succeeded', attempts: 2 });
  await new Promise((r) => setTimeout(r, 4_000));
  expect(receiver.at('/restart')).toHaveLength(2);
}, 150_000);
