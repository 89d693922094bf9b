import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
}

// One identity per process, however many copies of codev it loaded (an agent script or a plugin imported
// through jiti brings its own copy of this module): two copies with two tokens would each take the other's
// session locks for an earlier process's. Kept on the global object, which every copy shares.
const SHARED = Symbol.for('codev.session-owner');
const shared = globalThis as { [SHARED]?: SessionOwner };
const THIS_PROCESS: SessionOwner = (shared[SHARED] ??= Object.freeze({ pid: process.pid, hostname: os.hostname(), token: randomUUID(), createdAt: new Date().toISOString() }));

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
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Partial<SessionOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.hostname !== 'string' || typeof owner.token !== 'string') return undefined;
    return owner as SessionOwner;
  } catch {
    return undefined;
  }
}

/**
 * True when the owner is known to be gone: a process of this host that no longer exists, or an earlier
 * process with this process's pid. A live process (or one of another user: EPERM), another host's or a
 * reused pid all count as alive, so a folder is never taken from a process that may still use it.
 */
export function isSessionOwnerGone(owner: SessionOwner): boolean {
  if (owner.hostname !== THIS_PROCESS.hostname) return false;
  if (owner.pid === THIS_PROCESS.pid) return owner.token !== THIS_PROCESS.token;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
