// The local converter: LibreOffice's `soffice --headless --convert-to pdf`, one process per file
// with its own profile directory (two conversions never share a user installation, and a
// crashed one leaves nothing behind), an address-space limit (prlimit), a deadline after which
// the whole process group is killed, and a fence: no network, no files but its own
// (sandbox.ts).
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pauseWhileBusy } from '../../lib/pause-while-busy';
import { processesOfGroup, watchStarvation } from '../../lib/starved-time';
import { ConversionError, REASONS } from './errors';
import { converterEnv, sandboxed, sandboxKind, type SandboxChoice } from './sandbox';

/**
 * `baseName`: the input's file name without extension (a csv too large to become an xlsx has its
 * sheet named after it); default `document`. `maxPauseMs`: how long in all it may be stopped while
 * the server is busy (pause-while-busy.ts); not counted in `timeoutMs`.
 */
export type SofficeOptions = { binary: string; timeoutMs: number; memoryBytes: number; maxPauseMs?: number; baseName?: string; sandbox?: SandboxChoice };

const found = new Map<string, boolean>();

/** Whether the binary runs here (checked once per name). */
export function sofficeAvailable(binary: string): boolean {
  let ok = found.get(binary);
  if (ok === undefined) {
    const r = spawnSync('sh', ['-c', 'command -v "$0"', binary], { stdio: 'ignore' });
    ok = r.status === 0;
    found.set(binary, ok);
  }
  return ok;
}

const hasPrlimit = () => sofficeAvailable('prlimit');
const hasNice = () => sofficeAvailable('nice');
const hasChrt = () => sofficeAvailable('chrt');

export async function convertWithSoffice(bytes: Buffer, ext: string, o: SofficeOptions): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-convert-'));
  try {
    const base = o.baseName ?? 'document';
    // A temporary file, not one of the app's: nothing for the build to trace.
    const input = path.join(/*turbopackIgnore: true*/ dir, `${base}.${ext}`);
    await writeFile(input, bytes);
    const args = [
      '--headless', '--norestore', '--nolockcheck', '--nodefault', '--nologo',
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--convert-to', 'pdf', '--outdir', path.join(dir, 'out'), input,
    ];
    const fenced = sandboxed(sandboxKind(o.sandbox ?? 'auto'), o.binary, args, dir);
    const limited: [string, string[]] = hasPrlimit() ? ['prlimit', [`--as=${o.memoryBytes}`, '--', fenced[0], ...fenced[1]]] : fenced;
    // At the lowest CPU priority (nice 19, and SCHED_IDLE where chrt exists: any request's thread
    // that wakes takes the core at once): a conversion takes what the server's requests leave, so
    // the viewer's pages keep their latency while it runs (docs/benchmarks.md, "Office files").
    const niced: [string, string[]] = hasNice() ? ['nice', ['-n', '19', limited[0], ...limited[1]]] : limited;
    const [cmd, argv] = hasChrt() ? ['chrt', ['--idle', '0', niced[0], ...niced[1]]] : niced;
    const { code, stderr, timedOut } = await run(cmd, argv, o, dir);
    if (timedOut) throw new ConversionError(REASONS.timeout(Math.ceil(o.timeoutMs / 1000)));
    const pdf = await readFile(path.join(/*turbopackIgnore: true*/ dir, 'out', `${base}.pdf`)).catch(() => null);
    if (pdf && pdf.length > 0) return pdf;
    if (/bad_alloc|out of memory|std::length_error/i.test(stderr)) throw new ConversionError(REASONS.memory);
    if (code !== 0 && code !== null) console.error(`[quire] soffice exited ${code}: ${stderr.slice(0, 300)}`);
    throw new ConversionError(REASONS.corrupt);
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Being detached, the converter runs in a session of its own, and Linux (with autogroup
 * scheduling, the default of most distributions) shares the CPU between sessions before nice
 * values count: at nice 19 it still took half the cores from the server's requests (the viewer's
 * cached page p99 doubled while converting, docs/benchmarks.md). Its session's group gets the
 * lowest priority too. Nothing to do where /proc/<pid>/autogroup does not exist.
 */
function lowerAutogroup(pid: number | undefined) {
  if (!pid) return;
  try {
    writeFileSync(/*turbopackIgnore: true*/ `/proc/${pid}/autogroup`, '19');
  } catch {}
}

/**
 * Gives a starved converter back an ordinary share of the cores: its session's autogroup at 0
 * (always allowed: only a negative value needs privileges) and, where this process may (root or
 * RLIMIT_NICE), its threads out of SCHED_IDLE. Its own nice 19 stays, which only ranks it among
 * the processes of its own session: none but itself.
 */
function raisePriority(pid: number | undefined) {
  if (!pid) return;
  try {
    writeFileSync(/*turbopackIgnore: true*/ `/proc/${pid}/autogroup`, '0');
  } catch {}
  if (!hasChrt()) return;
  // Not awaited, not synchronous: this runs on the thread answering requests.
  for (const p of processesOfGroup(pid)) spawn('chrt', ['--all-tasks', '--other', '--pid', '0', String(p)], { stdio: 'ignore' }).on('error', () => {});
}

/** How many times its deadline a conversion may take in all, however long it waited for a core. */
const WALL_LIMIT = 10;

function run(cmd: string, argv: string[], { timeoutMs, maxPauseMs = 0 }: Pick<SofficeOptions, 'timeoutMs' | 'maxPauseMs'>, home: string) {
  return new Promise<{ code: number | null; stderr: string; timedOut: boolean }>((resolve) => {
    // detached: its own process group, so the kill reaches soffice.bin under oosplash too.
    const child = spawn(cmd, argv, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: converterEnv(home) as NodeJS.ProcessEnv });
    lowerAutogroup(child.pid);
    const pausing = pauseWhileBusy(child.pid, { maxPauseMs });
    const started = Date.now();
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4096) stderr += d.toString();
    });
    // The deadline counts the time it could run: not the time it was held stopped, nor the time
    // it waited for a core (starved-time.ts). Past ten times the deadline in all, it is stopped
    // whatever it waited for.
    // Deferred, never starved: once it has waited `maxPauseMs` for a core, it competes as any other
    // process does.
    const starving = watchStarvation(child.pid, { budgetMs: maxPauseMs, onStarved: () => raisePriority(child.pid) });
    let timer: NodeJS.Timeout;
    const arm = (ms: number) => {
      timer = setTimeout(() => {
        const wall = Date.now() - started;
        const ran = wall - pausing.pausedMs() - starving.starvedMs();
        if (ran < timeoutMs && wall < WALL_LIMIT * timeoutMs + maxPauseMs) return arm(Math.max(1, timeoutMs - ran));
        timedOut = true;
        pausing.stop();
        killGroup(child.pid);
      }, ms);
    };
    arm(timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      pausing.stop();
      starving.stop();
      resolve({ code: -1, stderr: 'could not start the converter', timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      pausing.stop();
      starving.stop();
      killGroup(child.pid); // helpers left behind by a finished soffice
      resolve({ code, stderr, timedOut });
    });
  });
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
