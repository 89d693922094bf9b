import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { OWNER_MARKER_KEY } from './command-marker.ts';

const NEEDLE = Buffer.from(`${OWNER_MARKER_KEY}=`);
/** Environments are read into this; a bigger one (rare: they are usually a few KiB) is read whole. */
const BUFFER = Buffer.allocUnsafe(128 * 1024);

/**
 * The live processes that carry this codev's mark (see {@link OWNER_MARKER_KEY}), by command id, found by
 * reading `/proc/<pid>/environ` of every process (only this user's can be read, unless codev runs as root).
 * Undefined where there is no `/proc` (macOS): then only process groups can be killed. Zombies, and codev
 * itself, are never listed. Synchronous, about 20 µs a process; stops that poll share scans through
 * `scanMarkedProcesses`.
 */
export function findMarkedProcesses(): Map<string, number[]> | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const found = new Map<string, number[]>();
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    // A zombie's or an exiting process's environ reads as empty: it is not listed.
    const environment = readEnvironment(`/proc/${name}/environ`);
    const id = environment && markOf(environment);
    if (id === undefined) continue;
    const pids = found.get(id);
    if (pids) pids.push(pid);
    else found.set(id, [pid]);
  }
  return found;
}

/** The file's bytes, or undefined when it cannot be read (another user's process, one that ended). */
function readEnvironment(file: string): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    // open + read + close: about half the time of readFileSync, which first asks /proc files their size (0).
    let length = 0;
    for (let read = -1; read !== 0 && length < BUFFER.length; length += read) read = readSync(descriptor, BUFFER, length, BUFFER.length - length, null);
    return length < BUFFER.length ? BUFFER.subarray(0, length) : readFileSync(file);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** The value of the mark in a NUL-separated environment block: only a whole `KEY=` entry counts. */
function markOf(environment: Buffer): string | undefined {
  for (let index = environment.indexOf(NEEDLE); index !== -1; index = environment.indexOf(NEEDLE, index + 1)) {
    if (index > 0 && environment[index - 1] !== 0) continue;
    const start = index + NEEDLE.length;
    const end = environment.indexOf(0, start);
    return environment.toString('latin1', start, end === -1 ? environment.length : end);
  }
  return undefined;
}
