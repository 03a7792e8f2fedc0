// The local converter's fence (issue 43): LibreOffice follows what a document links to (an image
// relationship with TargetMode="External", a linked section, a file:// URL) and prints what it
// gets into the preview. So soffice runs with no network and sees no file but its own:
// - bubblewrap (Debian's `bubblewrap`): new namespaces (no network, no other processes, its own
//   /proc), the system's program directories and the few files of /etc it reads bound read-only,
//   a private /tmp holding only the conversion's folder (the one place it may write), nothing of
//   the server's data directory;
// - where bwrap cannot run, `unshare -rn`: a user and network namespace (no network; the files
//   stay visible);
// - where neither can (macOS, some containers): no fence, and a warning once. External links are
//   stripped from the file beforehand in every case (external-links.ts).
// Neither wrapper leaves the process group (no --new-session, no fork away): pause-while-busy's
// SIGSTOP/SIGCONT, the deadline's SIGKILL, and the limits set outside (prlimit, nice, chrt) reach
// soffice as before.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type SandboxKind = 'bwrap' | 'unshare' | 'none';
export type SandboxChoice = SandboxKind | 'auto';

const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32'];
// What soffice reads of /etc: fonts, its own configuration, the dynamic linker, the time zone.
const ETC = ['/etc/fonts', '/etc/libreoffice', '/etc/alternatives', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime', '/etc/mime.types'];

const under = (p: string, dir: string) => p === dir || p.startsWith(dir + '/');

/** The system directories as bwrap arguments: a merged-/usr link stays a link. */
function systemArgs(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const f of ETC) args.push('--ro-bind-try', f, f);
  return args;
}

/** The binary's absolute path, looked up on the PATH when it is a bare name; null when not found. */
function resolveBinary(binary: string): string | null {
  if (binary.includes('/')) return path.resolve(binary);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(/*turbopackIgnore: true*/ dir, binary);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {}
  }
  return null;
}

/**
 * A binary outside the system directories made visible read-only: a script (a wrapper) alone, a
 * program with its installation (`/opt/libreoffice7.6/program/soffice` → `/opt/libreoffice7.6`).
 */
function binaryArgs(binary: string): string[] {
  const found = resolveBinary(binary);
  if (!found) return [];
  const real = fs.realpathSync(found);
  const args: string[] = [];
  for (const p of new Set([found, real])) {
    if (SYSTEM.some((d) => under(p, d))) continue;
    let script = false;
    try {
      const fd = fs.openSync(p, 'r');
      const head = Buffer.alloc(2);
      fs.readSync(fd, head, 0, 2, 0);
      fs.closeSync(fd);
      script = head.toString('latin1') === '#!';
    } catch {}
    const bound = script ? p : path.dirname(path.dirname(p));
    args.push('--ro-bind', bound, bound);
  }
  return args;
}

/** bwrap's arguments up to the command: `work` is the one directory it may read and write. */
export function bwrapArgs(binary: string, work: string): string[] {
  return [
    '--unshare-all', // network, processes, IPC, host name, cgroup, user (where allowed)
    '--die-with-parent',
    ...systemArgs(),
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    ...binaryArgs(binary),
    '--bind', work, work,
    '--chdir', work,
    '--',
  ];
}

const works = new Map<SandboxKind, boolean>();

/** Whether the fence can start a process here (checked once: a container may forbid namespaces). */
function usable(kind: SandboxKind): boolean {
  let ok = works.get(kind);
  if (ok === undefined) {
    let dir: string | null = null;
    try {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-sandbox-'));
      const r =
        kind === 'bwrap'
          ? spawnSync('bwrap', [...bwrapArgs('true', dir), 'true'], { stdio: 'ignore', timeout: 10_000 })
          : kind === 'unshare'
            ? spawnSync('unshare', ['-rn', '--', 'true'], { stdio: 'ignore', timeout: 10_000 })
            : { status: 0 };
      ok = r.status === 0;
    } catch {
      ok = false;
    } finally {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
    works.set(kind, ok);
  }
  return ok;
}

let warned = false;

/** The fence a conversion runs in: the configured one, or under `auto` the strongest that works here. */
export function sandboxKind(choice: SandboxChoice): SandboxKind {
  if (choice !== 'auto') {
    if (!usable(choice)) throw new Error(`CONVERSION_SANDBOX=${choice}, but ${choice} cannot start a process on this machine`);
    return choice;
  }
  if (process.platform === 'linux') {
    if (usable('bwrap')) return 'bwrap';
    if (usable('unshare')) return 'unshare';
  }
  if (!warned) {
    warned = true;
    console.warn(
      '[quire] LibreOffice runs without a sandbox here (neither bubblewrap nor `unshare -rn` works): documents are converted with their external links removed, but the converter itself can reach the network and this machine’s files. Install bubblewrap, or use Gotenberg with outbound traffic blocked (README).',
    );
  }
  return 'none';
}

/** `binary args…` wrapped in the fence. */
export function sandboxed(kind: SandboxKind, binary: string, args: string[], work: string): [string, string[]] {
  if (kind === 'bwrap') return ['bwrap', [...bwrapArgs(binary, work), binary, ...args]];
  if (kind === 'unshare') return ['unshare', ['-rn', '--', binary, ...args]];
  return [binary, args];
}

// What the converter's environment keeps of the server's (never its secrets): the paths, the
// locale and the fonts' configuration.
const KEPT = /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TZ|FONTCONFIG_FILE|FONTCONFIG_PATH|SAL_[A-Z_]+)$/;

/** The environment soffice runs with: `work` as its home and temporary directory. */
export function converterEnv(work: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (KEPT.test(k) && v !== undefined) out[k] = v;
  return { ...out, HOME: work, TMPDIR: work };
}
