/**
 * PGlite has one connection and no lock of its own, so one server owns DATA_DIR at a time. The
 * lock file names its owner by pid and the kernel's start time of that process. A lock counts only
 * while that very process still runs: a dead owner (kill -9, power loss), a zombie not yet reaped
 * by its parent, or a pid the kernel has since given to another program never blocks a start.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

interface Owner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot); absent off Linux or in a pid-only file. */
  start?: string | undefined;
}

interface ProcessStat {
  state: string;
  start: string;
}

/** /proc/<pid>/stat's state and start time; undefined when the process does not exist. */
function procStat(pid: number): ProcessStat | undefined | 'unsupported' {
  if (!fs.existsSync('/proc/self/stat')) return 'unsupported';
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

function kernelSignalsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Does `owner` still run as the Registrar server that wrote the lock? */
export function ownerIsLive(owner: Owner): boolean {
  const stat = procStat(owner.pid);
  if (stat === 'unsupported') return kernelSignalsAlive(owner.pid);
  // Z: exited, waiting for its parent to reap it; X: being torn down. Neither serves anything.
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  if (owner.start !== undefined) return stat.start === owner.start;
  // A lock holding a bare pid (an older Registrar, or written by hand): believe it only if that
  // process is a Node server.
  try {
    const argv = fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8').split('\0');
    return /node/.test(path.basename(argv[0] ?? '')) && argv.some((a) => /server\.[jt]s$/.test(a));
  } catch {
    return false;
  }
}

function readOwner(file: string): Owner | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; start?: unknown };
    if (Number.isInteger(parsed.pid))
      return { pid: parsed.pid as number, start: typeof parsed.start === 'string' ? parsed.start : undefined };
  } catch {
    // not JSON: a bare pid
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
}

function self(): Owner {
  const stat = procStat(process.pid);
  return { pid: process.pid, start: stat && stat !== 'unsupported' ? stat.start : undefined };
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'registrar.lock');
  const me = JSON.stringify(self());
  // Written aside, then linked into place: the lock file appears with its content whole, so a
  // second server never reads a half-written owner and takes it for a stale lock.
  const temp = `${file}.${process.pid}`;
  fs.writeFileSync(temp, me);
  try {
    return acquire(file, temp, me, dataDir);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function acquire(file: string, temp: string, me: string, dataDir: string): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.linkSync(temp, file);
      return {
        release() {
          try {
            if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && ownerIsLive(owner)) {
        throw new DataDirLockedError(
          `Another Registrar server (pid ${owner.pid}) is already using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
