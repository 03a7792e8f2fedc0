// One team's receiver that never answers does not delay another team's webhooks (issue 43 item 4:
// it used to take all 8 delivery workers, and another team's delivery arrived after 56 s). The
// queue lets at most two attempts per endpoint be in flight, so the hanging endpoint holds two
// workers and every other team's delivery goes out at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { startReceiver, until, type Receiver } from './support/webhook-receiver';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

async function team(name: string) {
  return client((await createToken({ team: uniqueTeam(name), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
}

describe('webhook delivery across teams', { timeout: 120_000 }, () => {
  it("a team's hanging receiver holds at most two attempts; another team's delivery is not held behind it", async () => {
    const slow = await team('hooks-hang');
    const fast = await team('hooks-fair');
    receiver.answer('/hang', () => 'hang');
    receiver.answer('/fair', () => 200);
    const hanging = ok(await slow.post('/v1/webhooks', { url: receiver.url('/hang'), events: ['question.answered'] }), 201);
    const fair = ok(await fast.post('/v1/webhooks', { url: receiver.url('/fair'), events: ['question.answered'] }), 201);

    // 32 sends to the receiver that never answers: each attempt would hold a worker for 15 s.
    for (let i = 0; i < 32; i++) ok(await slow.post(`/v1/webhooks/${hanging.id}/test`, {}), 201);
    await until(() => receiver.at('/hang').length >= 1, 10_000, 'the hanging receiver reached');
    await new Promise((r) => setTimeout(r, 1_000));
    // Only two of its attempts are in flight, however many are due.
    expect(receiver.at('/hang').length).toBe(2);

    const sent = Date.now();
    ok(await fast.post(`/v1/webhooks/${fair.id}/test`, {}), 201);
    await until(() => receiver.at('/fair').length === 1, 30_000, "the other team's delivery");
    // Well before the hanging attempts' 15 s deadline frees a worker (it took 56 s before).
    expect(receiver.at('/fair')[0]!.at - sent).toBeLessThan(10_000);
    expect(receiver.at('/hang').length).toBe(2);
    receiver.release();
  });
});
