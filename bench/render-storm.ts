// Part of the viewer's bench (bench/viewer.ts; issue 19, item 3): does a storm of cold page
// renders slow the API down? On the production server (`npm start`), `GET /v1/me` is asked at a
// steady pace (an open loop: requests are sent on schedule whatever the answers do) first with
// the server idle, then while 16 visitors (16 sessions, one address) each ask for cold pages one
// after another, so 16 renders are always running or waiting; a visitor told to wait (429/503)
// waits Retry-After and asks again, as the viewer's page does. Targets (issue 43, item 10): /v1 p99
// under the storm within 2x of its idle p99, and its slowest answer under 500 ms. Printed beside
// them: the server's event-loop delay, the longest wait for a database connection, and the render
// queue (bench/loop-delay.mjs), so a stall says where it waited. Printed, never asserted.
import { groupPids, loopDelays, type LoopReport, type Measured, type Probe } from './harness';
import type { ViewerHarness } from './viewer';

const VISITORS = 16;
const PROBE_RATE = 50; // /v1/me requests a second

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);

/** `GET /v1/me` at PROBE_RATE a second for `seconds`; latencies of the 200s, and the count of anything else. */
async function probeV1(base: string, token: string, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let bad = 0;
  const t0 = performance.now();
  const n = Math.round(seconds * PROBE_RATE);
  const sent: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / PROBE_RATE;
    const now = performance.now();
    if (due > now) await sleep(due - now);
    sent.push(
      (async () => {
        const s = performance.now();
        try {
          const r = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
          await r.arrayBuffer();
          if (r.status === 200) latencies.push(performance.now() - s);
          else bad++;
        } catch {
          bad++;
        }
      })(),
    );
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    ok: latencies.length,
    bad,
    seconds: elapsed,
    cpuMsPerReq: { server: NaN, postgres: NaN, loadgen: NaN, other: NaN },
    loop: null,
  };
}

/** A new visitor's session cookie on an open link. */
async function sessionCookie(base: string, slug: string): Promise<string> {
  const r = await fetch(`${base}/view/${slug}/enter`, { redirect: 'manual' });
  await r.arrayBuffer();
  const c = r.headers.get('set-cookie');
  if (!c) throw new Error(`entering the link gave no session (${r.status})`);
  return c.split(';')[0]!;
}

export type StormResult = { idle: Measured; storm: Measured; drawn: number; refused: Record<number, number>; failed: number; idleLoop: LoopReport | null; stormLoop: LoopReport | null };

/** The serving process's report: the one that ran renders, else the one whose loop waited longest. */
const servingReport = (reports: Map<number, LoopReport>): LoopReport | null =>
  [...reports.values()].sort((a, b) => b.renderRunning - a.renderRunning || b.max - a.max)[0] ?? null;

/**
 * Runs on the app with the viewer bench's data folder. `slug`: an open link on the 200-page
 * document; its pages 4-200 at 1440 and 1920 px are cold (the pre-render draws pages 1-3).
 */
export async function measureRenderStorm(h: ViewerHarness, appEnv: Record<string, string>, slug: string): Promise<StormResult> {
  const probe: Probe = { path: '/v1/me', headers: { authorization: `Bearer ${h.token}` } };
  const server = await h.startServer('app', probe, h.appDir, appEnv);
  const base = `http://${h.host}:${server.port}`;
  try {
    const cookies: string[] = [];
    for (let i = 0; i < VISITORS; i++) cookies.push(await sessionCookie(base, slug));
    // Warm: the API's code paths, and the render thread drawing one page.
    await probeV1(base, h.token, Math.max(1, h.warmup));
    const warm = await fetch(`${base}/view/${slug}/pages/200?w=480`, { headers: { cookie: cookies[0]! } });
    await warm.arrayBuffer();

    const quiet = await h.settle();
    if (quiet.busyCores >= 0.33) h.log(`    (others keep ${fmt(quiet.busyCores, 2)} cores busy; measuring anyway)`);
    const pids = groupPids(server.child.pid!);
    await loopDelays(pids);
    const idle = await probeV1(base, h.token, h.duration);
    const idleLoop = servingReport(await loopDelays(pids));

    const pages: string[] = [];
    for (let p = 4; p <= 199; p++) for (const w of [1440, 1920]) pages.push(`/view/${slug}/pages/${p}?w=${w}`);
    let next = 0;
    let stop = false;
    let drawn = 0;
    let failed = 0;
    const refused: Record<number, number> = { 429: 0, 503: 0 };
    const visitor = async (cookie: string) => {
      while (!stop && next < pages.length) {
        const p = pages[next++]!;
        for (;;) {
          const r = await fetch(base + p, { headers: { cookie } });
          await r.arrayBuffer();
          if (r.status === 200) {
            drawn++;
            break;
          }
          if (r.status !== 429 && r.status !== 503) {
            failed++;
            break;
          }
          refused[r.status]!++;
          if (stop) break;
          await sleep(Number(r.headers.get('retry-after') ?? 1) * 1000);
        }
      }
    };
    const visitors = cookies.map(visitor);
    await sleep(1000); // every visitor has a page being drawn or waiting
    await loopDelays(pids);
    const storm = await probeV1(base, h.token, h.duration);
    const stormLoop = servingReport(await loopDelays(pids));
    stop = true;
    await Promise.all(visitors);
    if (next >= pages.length) h.log('    (the storm ran out of cold pages before the end: the figures under the storm are optimistic)');
    return { idle, storm, drawn, refused, failed, idleLoop, stormLoop };
  } finally {
    await h.stopServer(server);
  }
}

export function reportRenderStorm(h: ViewerHarness, r: StormResult): { text: string; met: boolean } {
  const line = (label: string, m: Measured) =>
    `    ${label.padEnd(30)} p50 ${fmt(m.p50).padStart(6)} ms   p99 ${fmt(m.p99).padStart(7)} ms   max ${fmt(m.max).padStart(7)} ms   (${m.ok} answers${m.bad ? `, ${m.bad} FAILED` : ''})`;
  const where = (l: LoopReport | null) =>
    l
      ? `    ${''.padEnd(30)} event loop delay p99 ${fmt(l.p99)} / max ${fmt(l.max)} ms; database pool: up to ${l.dbWaiting} waiting, ${fmt(l.dbWaitingMs, 0)} ms with a wait; renders: up to ${l.renderRunning} running, ${l.renderWaiting} queued`
      : `    ${''.padEnd(30)} (no report from the server's process)`;
  h.log(line(`/v1/me idle, ${PROBE_RATE}/s`, r.idle));
  h.log(where(r.idleLoop));
  h.log(line(`/v1/me under ${VISITORS} cold renders`, r.storm));
  h.log(where(r.stormLoop));
  h.log(
    `    the storm: ${r.drawn} cold pages drawn (${fmt(r.drawn / r.storm.seconds, 1)}/s), told to retry ${r.refused[429]} times (429) and ${r.refused[503]} times (503)` +
      (r.failed ? `, ${r.failed} FAILED` : ''),
  );
  const ratio = r.storm.p99 / r.idle.p99;
  return {
    text: `/v1 under ${VISITORS} concurrent cold renders: p99 ${fmt(r.storm.p99)} ms, ${fmt(ratio, 2)}x idle (${fmt(r.idle.p99)} ms) <= 2x; max ${fmt(r.storm.max)} ms < 500 ms`,
    met: ratio <= 2 && r.storm.max < 500,
  };
}
