// The /v1 part's report (bench/run.ts): the table of every server, the ratios against the bare
// pg handler, the targets (printed, not asserted) and the markdown rows for docs/benchmarks.md.
import { fmt, log, lpad, pad, type Measured } from './harness';
import type { Endpoint, EndpointKey } from './run';

const RATIO_TARGET = 0.6;
const MAX_TARGET_MS = 100;

type Report = {
  endpoints: Endpoint[];
  results: Map<string, Measured>;
  mismatched: string[];
  started: number;
  servers: string[];
  settings: { connections: number; duration: number; warmup: number; documents: number };
};

/** The table, the targets (printed, not asserted) and the markdown rows for docs/benchmarks.md. */
export function reportRest({ endpoints, results, mismatched, started, servers: SERVERS, settings }: Report) {
  const { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, documents: DOCS } = settings;
  log('\n' + '='.repeat(100));
  log(`results: ${CONNECTIONS} connections, ${DURATION} s per scenario after ${WARMUP} s warm-up; latency in ms`);
  log(
    `${pad('endpoint', 30)}${pad('server', 10)}${lpad('req/s', 8)}${lpad('p50', 9)}${lpad('p99', 9)}${lpad('max', 9)}` +
      `   CPU ms per request: server / postgres / load gen / other   event-loop delay p99 / max`,
  );
  const cpuCell = (m: Measured) =>
    `${fmt(m.cpuMsPerReq.server, 2)} / ${fmt(m.cpuMsPerReq.postgres, 2)} / ${fmt(m.cpuMsPerReq.loadgen, 2)} / ${fmt(m.cpuMsPerReq.other, 2)}`;
  const ratios = new Map<EndpointKey, number>();
  for (const e of endpoints) {
    for (const kind of SERVERS) {
      const m = results.get(`${kind}:${e.key}`);
      if (!m) continue;
      log(
        `${pad(kind === SERVERS[0] ? e.label : '', 30)}${pad(kind, 10)}${lpad(fmt(m.rps, 0), 8)}${lpad(fmt(m.p50), 9)}` +
          `${lpad(fmt(m.p99), 9)}${lpad(fmt(m.max), 9)}   ${cpuCell(m)}   ${m.loop ? `${fmt(m.loop.p99)} / ${fmt(m.loop.max)}` : '-'}`,
      );
    }
    const a = results.get(`app:${e.key}`);
    const b = results.get(`baseline:${e.key}`);
    if (a && b) {
      ratios.set(e.key, a.rps / b.rps);
      log(`${pad('', 30)}${pad('ratio', 10)}${lpad(fmt(a.rps / b.rps, 2), 8)}   (app req/s / baseline req/s)`);
    }
  }

  log('\ntargets (printed, not asserted):');
  const targets: { text: string; met: boolean }[] = [];
  for (const e of endpoints) {
    const a = results.get(`app:${e.key}`);
    if (a) {
      targets.push({
        text: `${e.label}: app p99 ${fmt(a.p99)} ms < ${e.p99TargetMs} ms at ${CONNECTIONS} connections`,
        met: a.p99 < e.p99TargetMs,
      });
      targets.push({ text: `${e.label}: app max ${fmt(a.max)} ms < ${MAX_TARGET_MS} ms`, met: a.max < MAX_TARGET_MS });
    }
  }
  for (const e of endpoints) {
    const r = ratios.get(e.key);
    if (r !== undefined) targets.push({ text: `${e.label}: throughput ratio ${fmt(r, 2)} >= ${RATIO_TARGET}`, met: r >= RATIO_TARGET });
  }
  for (const t of targets) log(`  ${t.met ? '[met]    ' : '[NOT MET]'} ${t.text}`);
  if (CONNECTIONS !== 16 || DOCS !== 100_000) log('  (the targets are stated for 16 connections and 100,000 documents)');

  const noisy = [...results.entries()].filter(([, m]) => {
    const c = m.cpuMsPerReq;
    return c.other > 0.25 * (c.server + c.postgres + c.loadgen + c.other);
  });
  if (noisy.length) {
    log(
      `\nnote: other processes used over a quarter of the CPU during ${noisy.map(([k]) => k).join(', ')} ` +
        '("other" column): those figures are pessimistic; re-run on a quiet machine',
    );
  }

  if (mismatched.length) log(`\nWARNING: app and baseline answered differently for: ${mismatched.join(', ')}`);
  else if (SERVERS.length > 1) log(`\n${SERVERS.join(', ')} returned identical JSON for every endpoint`);

  // Markdown rows for docs/benchmarks.md.
  log('\nmarkdown:');
  log('| Endpoint | App req/s | App p50 | App p99 | Baseline req/s | Baseline p50 | Baseline p99 | Ratio |');
  log('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const e of endpoints) {
    const a = results.get(`app:${e.key}`);
    const b = results.get(`baseline:${e.key}`);
    const cell = (m: Measured | undefined, k: 'rps' | 'p50' | 'p99') => (m ? (k === 'rps' ? fmt(m.rps, 0) : `${fmt(m[k])} ms`) : '-');
    log(
      `| ${e.label} | ${cell(a, 'rps')} | ${cell(a, 'p50')} | ${cell(a, 'p99')} | ${cell(b, 'rps')} | ${cell(b, 'p50')} | ${cell(b, 'p99')} | ` +
        `${ratios.has(e.key) ? fmt(ratios.get(e.key)!, 2) : '-'} |`,
    );
  }
  const layers = SERVERS.filter((k) => k !== 'app' && k !== 'baseline');
  if (layers.length) {
    log('\n| Endpoint | ' + SERVERS.map((k) => `${k} req/s (p99)`).join(' | ') + ' |');
    log('|---|' + SERVERS.map(() => '--:|').join(''));
    for (const e of endpoints) {
      const cells = SERVERS.map((k) => {
        const m = results.get(`${k}:${e.key}`);
        return m ? `${fmt(m.rps, 0)} (${fmt(m.p99)} ms)` : '-';
      });
      log(`| ${e.label} | ${cells.join(' | ')} |`);
    }
  }
  log(`\ntotal ${fmt((Date.now() - started) / 1000, 0)} s`);

  return { ratios, targets };
}

