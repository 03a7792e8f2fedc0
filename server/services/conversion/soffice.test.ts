// The local converter's process handling with a converter binary of the test's own (the same
// spawn, prlimit and kill the real soffice gets): a hanging converter is killed with its whole
// process group at the deadline; one that writes nothing is a file that cannot be read; a
// missing binary means no converter here; the zip guard refuses bombs and encrypted files first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zip } from '../../lib/zip';
import { convertWithSoffice, sofficeAvailable } from './soffice';
import { checkOfficeContainer } from './zip-guard';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-soffice-test-'));
/**
 * The fake converters report through files in `dir`, which bubblewrap hides: they run in the
 * network-only fence (`unshare -rn`, the same process group); the bubblewrap fence has tests of
 * its own below.
 */
const REPORTS = 'unshare' as const;
function fakeBinary(name: string, script: string) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return p;
}
/** Running (a killed process whose parent died too may linger as a zombie until init reaps it: not running). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** A fake converter's last step: the PDF where soffice writes it (<outdir>/document.pdf). */
const WRITE_PDF = `while [ $# -gt 0 ]; do if [ "$1" = --outdir ]; then mkdir -p "$2"; printf '%%PDF-1.4 fake' > "$2/document.pdf"; fi; shift; done`;

/**
 * A fake converter whose process group holds a witness (`sleep 600` in the background, its pid in
 * `pidFile`) and which writes its PDF only once the test creates `go`: the test decides when it
 * ends, whatever the load. The witness is watched rather than the shell: dash starts a foreground
 * command with vfork and then waits in D (uninterruptible, never seen as T) until the child execs,
 * which a SCHED_IDLE child on loaded cores took seconds to do; and a short sleep of its own could
 * end before the first sample.
 */
const witnessUntil = (pidFile: string, go: string) =>
  `sleep 600 & echo $! > ${pidFile}; while [ ! -e ${go} ]; do sleep 0.05; done; kill $!; ${WRITE_PDF}`;

/** The state letter of the process whose pid is in `pidFile` (T: stopped), or null. */
function stateOf(pidFile: string): string | null {
  try {
    // The shell makes the file before it writes the pid: an empty file would read /proc//stat,
    // which is /proc/stat (the system's, whose "cpu" line gave a 'p').
    const pid = fs.readFileSync(pidFile, 'utf8').trim();
    if (!/^\d+$/.test(pid)) return null;
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

/** Keeps the main thread busy for `ms` in 40 ms slices (timers run in between), sampling `look` after each slice. */
async function busyFor<T>(ms: number, look: () => T): Promise<T[]> {
  const seen: T[] = [];
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const t = Date.now();
    while (Date.now() - t < 40);
    seen.push(look());
    await new Promise((r) => setImmediate(r));
  }
  return seen;
}

describe('soffice process', () => {
  it('a converter that hangs (and its children) is killed at the deadline', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const bin = fakeBinary('hang', `sleep 600 & echo $! > ${pidFile}; wait`);
    const started = Date.now();
    // 3 s: long enough for the fence to start it on loaded cores (its child's pid must be written).
    await expect(convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 3_000, memoryBytes: 1024 ** 3, sandbox: REPORTS })).rejects.toThrow(/took longer than 3 seconds/);
    expect(Date.now() - started).toBeLessThan(20_000);
    const child = Number(fs.readFileSync(pidFile, 'utf8'));
    await expect.poll(() => alive(child)).toBe(false);
  });

  it('a converter that writes no PDF means the file could not be read', async () => {
    const bin = fakeBinary('nothing', 'echo "Error: source file could not be loaded" >&2; exit 0');
    await expect(convertWithSoffice(Buffer.from('x'), 'pptx', { binary: bin, timeoutMs: 10_000, memoryBytes: 1024 ** 3, sandbox: REPORTS })).rejects.toThrow(/damaged/);
  });

  it('the converter gets its own profile directory and the input named with its extension', async () => {
    const log = path.join(dir, 'args.txt');
    // Writes the PDF where soffice would: <outdir>/document.pdf.
    const bin = fakeBinary('ok', `echo "$@" > ${log}; while [ $# -gt 0 ]; do if [ "$1" = --outdir ]; then mkdir -p "$2"; printf '%%PDF-1.4 fake' > "$2/document.pdf"; fi; shift; done`);
    const pdf = await convertWithSoffice(Buffer.from('x'), 'odt', { binary: bin, timeoutMs: 10_000, memoryBytes: 1024 ** 3, sandbox: REPORTS });
    expect(pdf.toString()).toBe('%PDF-1.4 fake');
    const args = fs.readFileSync(log, 'utf8');
    expect(args).toMatch(/-env:UserInstallation=file:\/\/\/.+quire-convert-[^/]+\/profile/);
    expect(args).toMatch(/--convert-to pdf/);
    expect(args).toMatch(/document\.odt\s*$/);
  });

  it('the converter runs at the lowest CPU priority (nice 19), so requests keep the cores first', async () => {
    const log = path.join(dir, 'nice.txt');
    // Field 19 of /proc/self/stat is the niceness of the process reading it (the converter itself).
    const bin = fakeBinary('nice', `cut -d' ' -f19 /proc/$$/stat > ${log}; while [ $# -gt 0 ]; do if [ "$1" = --outdir ]; then mkdir -p "$2"; printf '%%PDF-1.4 fake' > "$2/document.pdf"; fi; shift; done`);
    await convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 10_000, memoryBytes: 1024 ** 3, sandbox: REPORTS });
    expect(fs.readFileSync(log, 'utf8').trim()).toBe('19');
  });

  it('the converter runs under SCHED_IDLE where chrt exists: a request that wakes takes the core from it', async () => {
    if (!sofficeAvailable('chrt')) return;
    const log = path.join(dir, 'policy.txt');
    // Field 41 of /proc/<pid>/stat is the scheduling policy (5: SCHED_IDLE).
    const bin = fakeBinary('policy', `cut -d' ' -f41 /proc/$$/stat > ${log}; ${WRITE_PDF}`);
    // A budget for waiting on a core: with none, a converter that has not run within the first
    // second (both cores busy, as in CI) is raised to SCHED_OTHER before it reads its own policy.
    await convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 10_000, memoryBytes: 1024 ** 3, sandbox: REPORTS, maxPauseMs: 60_000 });
    expect(fs.readFileSync(log, 'utf8').trim()).toBe('5');
  });

  it('is held stopped while the main thread is busy, and the time stopped does not count toward its deadline', async () => {
    const pidFile = path.join(dir, 'stopped.pid');
    const go = path.join(dir, 'stopped.go');
    fs.rmSync(pidFile, { force: true });
    fs.rmSync(go, { force: true });
    const bin = fakeBinary('stoppable', witnessUntil(pidFile, go));
    const started = Date.now();
    let settledAt = 0;
    const converted = convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 6_000, memoryBytes: 1024 ** 3, sandbox: REPORTS, maxPauseMs: 60_000 }).finally(() => (settledAt = Date.now()));
    // Running (the thread idle meanwhile, so nothing stops it yet).
    await expect.poll(() => stateOf(pidFile), { timeout: 10_000, interval: 20 }).not.toBeNull();
    const states = await busyFor(7_000, () => stateOf(pidFile));
    // Stopped (T) while the thread was busy.
    expect(states).toContain('T');
    expect(settledAt).toBe(0);
    // Continued once the thread is idle: done, though more than 7 s passed against a 6 s deadline.
    fs.writeFileSync(go, '');
    expect((await converted).toString()).toBe('%PDF-1.4 fake');
    expect(settledAt - started).toBeGreaterThan(7_000);
  });

  it('is deferred, never starved: past maxPauseMs of pauses it runs while the thread stays busy', async () => {
    const pidFile = path.join(dir, 'starved.pid');
    const go = path.join(dir, 'starved.go');
    fs.rmSync(pidFile, { force: true });
    fs.rmSync(go, { force: true });
    const bin = fakeBinary('starved', witnessUntil(pidFile, go));
    // No fence: on two loaded cores, making a user namespace at SCHED_IDLE beside a spinning thread alone took 2 s.
    const converted = convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 30_000, memoryBytes: 1024 ** 3, sandbox: 'none', maxPauseMs: 400 });
    await expect.poll(() => stateOf(pidFile), { timeout: 10_000, interval: 20 }).not.toBeNull();
    const states = await busyFor(2_500, () => ({ at: Date.now(), state: stateOf(pidFile) }));
    // Stopped while the thread was busy (the pauses happened) ...
    expect(states.map((x) => x.state)).toContain('T');
    // ... then never again, though the thread stayed busy: the last stop is within the 400 ms
    // of pauses plus a sampling period or two of the first one.
    const stops = states.filter((x) => x.state === 'T');
    expect(stops.at(-1)!.at - stops[0]!.at).toBeLessThan(1_500);
    expect(states.at(-1)!.state).not.toBe('T');
    fs.writeFileSync(go, '');
    expect((await converted).toString()).toBe('%PDF-1.4 fake');
  });

  it('waits for a core without it counting toward its deadline, and once starved maxPauseMs competes at an ordinary priority', async () => {
    const report = path.join(dir, 'starved-cpu.autogroup');
    fs.rmSync(report, { force: true });
    // About a second of a core's work, then where it ran, then the PDF.
    const bin = fakeBinary('cpu-bound', `i=0; while [ $i -lt 600000 ]; do i=$((i+1)); done; cat /proc/self/autogroup > ${report} 2>/dev/null; ${WRITE_PDF}`);
    // Three spinning processes at the ordinary priority on this machine's cores: a SCHED_IDLE
    // converter at autogroup nice 19 beside them ran a 4 s conversion in 150 s.
    const hogs = [1, 2, 3].map(() => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    try {
      // Counted in wall time, the 4 s ran out while it waited (it failed so before starved-time.ts).
      const pdf = await convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 4_000, memoryBytes: 1024 ** 3, sandbox: 'none', maxPauseMs: 2_000 });
      expect(pdf.toString()).toBe('%PDF-1.4 fake');
      if (fs.existsSync('/proc/self/autogroup')) expect(fs.readFileSync(report, 'utf8')).toMatch(/ nice 0$/m);
    } finally {
      for (const h of hogs) h.kill('SIGKILL');
    }
  });

  it('a missing binary is no converter', () => {
    expect(sofficeAvailable(path.join(dir, 'does-not-exist'))).toBe(false);
    expect(sofficeAvailable('sh')).toBe(true);
  });
});

/** Pids of running processes whose command line is exactly `argv`. */
const processesRunning = (argv: string[]) =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8') === argv.join('\u0000') + '\u0000' && alive(Number(p));
      } catch {
        return false;
      }
    })
    .map(Number);

describe.skipIf(!sofficeAvailable('bwrap'))('the bubblewrap fence', () => {
  it('hides every file outside the conversion folder', async () => {
    const marker = path.join(dir, 'marker.txt');
    fs.writeFileSync(marker, 'SECRET-MARKER');
    const bin = fakeBinary('peek', `while [ $# -gt 0 ]; do if [ "$1" = --outdir ]; then mkdir -p "$2"; { printf '%%PDF-1.4 '; cat ${marker} /etc/hostname 2>/dev/null; echo; ls "$HOME"; } > "$2/document.pdf"; fi; shift; done`);
    const pdf = (await convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 10_000, memoryBytes: 1024 ** 3, sandbox: 'bwrap' })).toString();
    expect(pdf).toMatch(/^%PDF-1.4 /);
    expect(pdf).not.toContain('SECRET-MARKER');
    expect(pdf).not.toContain(fs.readFileSync('/etc/hostname', 'utf8').trim());
    // Its own folder is there: the input it was given.
    expect(pdf).toContain('document.docx');
  });

  it('a converter inside is held stopped while the thread is busy and killed at the deadline', async () => {
    const argv = ['sleep', `600.${process.pid}`];
    const bin = fakeBinary('fenced-hang', argv.join(' '));
    const started = Date.now();
    let settledAt = 0;
    const converted = convertWithSoffice(Buffer.from('x'), 'docx', { binary: bin, timeoutMs: 3_000, memoryBytes: 1024 ** 3, sandbox: 'bwrap', maxPauseMs: 30_000 }).finally(() => (settledAt = Date.now()));
    const failed = expect(converted).rejects.toThrow(/took longer than 3 seconds/);
    await expect.poll(() => processesRunning(argv).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [pid] = processesRunning(argv);
    const state = () => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    };
    // Asleep first: at the lowest priority on saturated cores the converter may not have run far
    // enough to sleep (seen as R throughout, on a machine running another suite beside this one).
    await expect.poll(state, { timeout: 10_000, interval: 20 }).toBe('S');
    expect(await busyFor(1_500, state)).toContain('T');
    await failed;
    // The deadline counted the time it ran, not the time it was stopped.
    expect(settledAt - started).toBeGreaterThan(3_000);
    await expect.poll(() => processesRunning(argv).length, { timeout: 5_000 }).toBe(0);
  });
});

describe('zip guard', () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  it('refuses an entry that inflates far beyond its compressed size, and passes a normal one', () => {
    const bomb = zip([{ name: 'word/document.xml', bytes: Buffer.alloc(64 * 1024 * 1024, 0x20) }]);
    expect(() => checkOfficeContainer(bomb, DOCX)).toThrow(/zip bomb/);
    const normal = zip([{ name: 'word/document.xml', bytes: Buffer.from('<w:document>hello</w:document>'.repeat(100)) }]);
    expect(() => checkOfficeContainer(normal, DOCX)).not.toThrow();
  });

  it('refuses a ZIP that is not one', () => {
    expect(() => checkOfficeContainer(Buffer.from('PK not really'), DOCX)).toThrow(/damaged/);
  });

  it('refuses encrypted OOXML (a compound file with EncryptionInfo) and encrypted ODF', () => {
    const cfb = fs.readFileSync(path.join(__dirname, '../../../tests/fixtures/encrypted/locked.docx'));
    expect(() => checkOfficeContainer(cfb, DOCX)).toThrow(/password-protected/);
    // A compound file without the encrypted package (an old .doc) goes to the converter.
    const plain = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(512)]);
    expect(() => checkOfficeContainer(plain, 'application/msword')).not.toThrow();
    const odf = zip([
      { name: 'mimetype', bytes: Buffer.from('application/vnd.oasis.opendocument.text') },
      { name: 'META-INF/manifest.xml', bytes: Buffer.from('<manifest:manifest><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry>'.repeat(20) + '</manifest:manifest>') },
    ]);
    expect(() => checkOfficeContainer(odf, 'application/vnd.oasis.opendocument.text')).toThrow(/password-protected/);
  });
});
