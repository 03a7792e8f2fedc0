// The starvation clock against real processes: a SCHED_IDLE loop beside spinning processes waits
// for a core (counted, and its budget's callback runs once); a sleeping process waits for nothing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { processesOfGroup, schedstatAvailable, watchStarvation } from './starved-time';

const started: ChildProcess[] = [];
const group = (script: string, idle = false) => {
  const [cmd, args] = idle ? ['chrt', ['--idle', '0', 'sh', '-c', script]] : ['sh', ['-c', script]];
  const c = spawn(cmd, args, { detached: true, stdio: 'ignore' });
  started.push(c);
  return c.pid!;
};
afterEach(() => {
  for (const c of started.splice(0)) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {}
  }
});
const hasChrt = spawnSync('sh', ['-c', 'command -v chrt'], { stdio: 'ignore' }).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(schedstatAvailable())('the starvation clock', () => {
  it('lists the processes of a group, children too', async () => {
    const pid = group('sleep 30 & sleep 30');
    await sleep(300);
    expect(processesOfGroup(pid).length).toBeGreaterThanOrEqual(2);
    expect(processesOfGroup(pid)).toContain(pid);
  });

  it('counts nothing for a group that sleeps', async () => {
    const clock = watchStarvation(group('sleep 30'), { sampleMs: 200 });
    await sleep(2_000);
    clock.stop();
    expect(clock.starvedMs()).toBeLessThan(300);
  });

  it.runIf(hasChrt)('counts the time a SCHED_IDLE loop waits beside spinning processes, and calls back once past its budget', async () => {
    for (let i = 0; i < 3; i++) group('while :; do :; done');
    let calls = 0;
    const clock = watchStarvation(group('while :; do :; done', true), { sampleMs: 200, budgetMs: 500, onStarved: () => calls++ });
    await sleep(2_500);
    clock.stop();
    expect(clock.starvedMs()).toBeGreaterThan(1_000);
    expect(clock.starvedMs()).toBeLessThanOrEqual(2_700);
    expect(calls).toBe(1);
  });
});
