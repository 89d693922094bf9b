import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../files/is-process-alive.ts';
import { currentPidNamespace } from '../files/pid-namespace.ts';
import { PRIVATE_FILE_MODE } from './private-modes.ts';

/** The marker a session folder codev created holds: which process owns it. */
export const SESSION_OWNER_FILE = '.codev-session.json';

/** Who owns a session folder. */
export interface SessionOwner {
  pid: number;
  hostname: string;
  /** Random per process: tells this process from an earlier one that had the same pid (pid 1 in containers). */
  token: string;
  createdAt: string;
  /** When the process started (`processStartTime`), where it can be read: a session lock's holder has it, so a reused pid is not taken for it. */
  processStart?: string;
  /** Its pid namespace (`currentPidNamespace`), where it can be read: a container with the host's name has pids of its own. */
  pidNamespace?: string;
}

// One identity per process, however many copies of codev it loaded (an agent script or a plugin imported
// through jiti brings its own copy of this module): two copies with two tokens would each take the other's
// session locks for an earlier process's. Kept on the global object, which every copy shares.
const SHARED = Symbol.for('codev.session-owner');
const shared = globalThis as { [SHARED]?: SessionOwner };
const pidNamespace = currentPidNamespace();
const THIS_PROCESS: SessionOwner = (shared[SHARED] ??= Object.freeze({ pid: process.pid, hostname: os.hostname(), token: randomUUID(), createdAt: new Date().toISOString(), ...(pidNamespace && { pidNamespace }) }));

/** This process, as a session owner. */
export function currentSessionOwner(): SessionOwner {
  return THIS_PROCESS;
}

/** Writes the owner marker into `directory` (private; fails with EEXIST when there is one already). */
export function writeSessionOwner(directory: string, owner: SessionOwner = THIS_PROCESS): Promise<void> {
  return writeOwnerFile(path.join(directory, SESSION_OWNER_FILE), owner);
}

/** The owner a session folder names, or undefined when it has no readable marker (then it is not codev's to remove). */
export function readSessionOwner(directory: string): Promise<SessionOwner | undefined> {
  return readOwnerFile(path.join(directory, SESSION_OWNER_FILE));
}

/** Writes an owner file (a session folder's marker, a session's lock): private, and EEXIST when there is one already. */
export async function writeOwnerFile(file: string, owner: SessionOwner = THIS_PROCESS): Promise<void> {
  await writeFile(file, JSON.stringify(owner), { flag: 'wx', mode: PRIVATE_FILE_MODE });
}

/** The owner an owner file names, or undefined when it cannot be read (missing, or still being written). */
export async function readOwnerFile(file: string): Promise<SessionOwner | undefined> {
  return parseSessionOwner(await readFile(file, 'utf8').catch(() => ''));
}

/** The owner an owner file's text names, its fields checked; undefined when it is not one (or is cut short). */
export function parseSessionOwner(text: string): SessionOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<SessionOwner>;
    // A pid of 0 or below would probe a process group, not a process.
    if (!Number.isInteger(owner.pid) || owner.pid! <= 0 || typeof owner.hostname !== 'string' || typeof owner.token !== 'string') return undefined;
    return { pid: owner.pid!, hostname: owner.hostname, token: owner.token, createdAt: typeof owner.createdAt === 'string' ? owner.createdAt : '', ...(typeof owner.processStart === 'string' && { processStart: owner.processStart }), ...(typeof owner.pidNamespace === 'string' && { pidNamespace: owner.pidNamespace }) };
  } catch {
    return undefined;
  }
}

/**
 * Whether this process can check the owner's pid: it runs on this host (by name), in this process's pid
 * namespace where both are known. Pid N of a container that has the host's name is not this host's pid N.
 */
export function sharesPids(owner: SessionOwner): boolean {
  if (owner.hostname !== THIS_PROCESS.hostname) return false;
  return owner.pidNamespace === undefined || THIS_PROCESS.pidNamespace === undefined || owner.pidNamespace === THIS_PROCESS.pidNamespace;
}

/**
 * True when the owner is known to be gone: a process of this host (and pid namespace) that no longer
 * exists or is a zombie, or an earlier process with this process's pid. A live process (or one of another
 * user: EPERM), another host's or container's, or a reused pid all count as alive, so a folder is never
 * taken from a process that may still use it.
 */
export function isSessionOwnerGone(owner: SessionOwner): boolean {
  if (!sharesPids(owner)) return false;
  if (owner.pid === THIS_PROCESS.pid) return owner.token !== THIS_PROCESS.token;
  return !isProcessAlive(owner.pid);
}
