import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../files/is-process-alive.ts';
import { lstatIfPresent } from '../files/lstat-if-present.ts';

/** What a `.git/commondir` placeholder holds: git then reads the repository's own configuration. */
const COMMONDIR_CONTENT = '.';
/** Where each codev process lists the placeholders it uses, so a later one can remove those a killed one left. */
const JOURNALS = path.join(os.tmpdir(), 'codev-placeholders');

/**
 * How long a placeholder this process made stays after its last sandbox ends: a burst of sandboxed commands
 * (an MCP client's calls, parallel tool calls) makes and removes each once instead of once a command, and
 * no command waits for the removal (folder creation and removal cost milliseconds each on a loaded disk).
 */
const LINGER_MS = 250;

/**
 * Placeholders of this process: how many running sandboxes use each (0: idle, lingering until the sweep),
 * and whether this process made it.
 */
const users = new Map<string, { count: number; created: boolean }>();
let staleRemoved = false;
let idle = 0;
let sweepTimer: NodeJS.Timeout | undefined;
let exitHooked = false;
let journalWritten = '';

/**
 * Makes sure each `block` placeholder exists for a sandbox about to start: an empty folder (git lists no
 * empty folder, so `git status` stays clean), or for `.git/commondir` a file holding `.` (git then reads the
 * repository's own configuration). `shared` are paths that exist already: those another live codev made
 * as placeholders are used (and listed) too, so that it does not remove them under this sandbox. The
 * returned function releases them; each one this process made is removed once it has had no user for a
 * moment (see `sweepPlaceholders`) and no other codev uses it, and at the latest when this process exits.
 * A journal in the temp folder lists them, so that the first sandbox of a later codev removes what a
 * killed one left.
 */
export function acquirePlaceholders(paths: readonly string[], shared: readonly string[] = []): () => void {
  removeLeftoverPlaceholders();
  // Only an empty folder can be another codev's placeholder: most read-only places are not, and need no journal read.
  const candidates = shared.filter((entry) => !users.has(entry) && isPlaceholder(entry));
  const others = candidates.length > 0 ? new Set(otherJournals().flatMap((journal) => journal.paths)) : new Set<string>();
  const held: string[] = [];
  for (const target of [...paths, ...shared.filter((entry) => users.has(entry)), ...candidates.filter((entry) => others.has(entry))]) {
    const user = users.get(target);
    if (user && user.count === 0) reuse(target, user);
    else if (user) user.count++;
    else if (!exists(target)) users.set(target, { count: 1, created: create(target) });
    else if (isPlaceholder(target)) users.set(target, { count: 1, created: false });
    else continue;
    held.push(target);
  }
  writeJournal();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const target of held) {
      const user = users.get(target);
      if (!user || --user.count > 0) continue;
      if (!user.created) users.delete(target);
      else idle++;
    }
    if (idle > 0) scheduleSweep();
    writeJournal();
  };
}

/**
 * Whether `target` is a placeholder this process made and that is still one (empty): the plan of a
 * sandbox treats it as missing, so that it blocks it as before it was made (a lingering or concurrent
 * sandbox's empty `.git` is no repository to keep with its internals blocked inside it).
 */
export function isOwnPlaceholder(target: string): boolean {
  return users.get(target)?.created === true && isPlaceholder(target);
}

/** An idle placeholder taken again: made again if it went, the user's (never removed) if something was put in it. */
function reuse(target: string, user: { count: number; created: boolean }): void {
  idle--;
  user.count = 1;
  if (!exists(target)) user.created = create(target);
  else if (!isPlaceholder(target)) user.created = false;
}

function scheduleSweep(): void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', sweepPlaceholders);
  }
  if (sweepTimer) sweepTimer.refresh();
  else sweepTimer = setTimeout(sweepPlaceholders, LINGER_MS).unref();
}

/**
 * Removes now the placeholders this process made that no sandbox uses (those still placeholders, and
 * used by no other live codev). Runs a moment after the last sandbox ends, when the process exits, and
 * before a write outside the sandbox (which may be to where one lingers: `.mcp.json`).
 */
export function sweepPlaceholders(): void {
  clearTimeout(sweepTimer);
  sweepTimer = undefined;
  if (idle === 0) return;
  idle = 0;
  const gone = [...users].filter(([, user]) => user.count === 0).map(([target]) => target);
  for (const target of gone) users.delete(target);
  // Deepest first: a placeholder inside another (`.git/config` in `.git`) goes before its folder.
  for (const target of gone.sort((left, right) => right.length - left.length)) if (!usedByAnotherProcess(target)) removePlaceholder(target);
  writeJournal();
}

/** Whether placeholders of this process linger with no sandbox using them (see `sweepPlaceholders`). */
export function hasIdlePlaceholders(): boolean {
  return idle > 0;
}

/** Creates a placeholder; false when something appeared there meanwhile (the sandbox protects whatever it is). */
function create(target: string): boolean {
  try {
    if (path.basename(target) === 'commondir') writeFileSync(target, COMMONDIR_CONTENT, { flag: 'wx' });
    else mkdirSync(target);
    return true;
  } catch {
    return false;
  }
}

/** An empty folder, or a `commondir` holding `.`: nothing a user would keep. */
function isPlaceholder(target: string): boolean {
  try {
    const stat = lstatSync(target);
    if (stat.isDirectory()) return readdirSync(target).length === 0;
    return path.basename(target) === 'commondir' && stat.isFile() && readFileSync(target, 'utf8') === COMMONDIR_CONTENT;
  } catch {
    return false;
  }
}

function removePlaceholder(target: string): void {
  if (!isPlaceholder(target)) return;
  try {
    if (lstatSync(target).isDirectory()) rmdirSync(target);
    else unlinkSync(target);
  } catch {
    // Gone already, or no longer empty: either way it is not ours to remove.
  }
}

function exists(target: string): boolean {
  return lstatIfPresent(target) !== undefined;
}

function journalOf(pid: number): string {
  return path.join(JOURNALS, `${pid}.json`);
}

function writeJournal(): void {
  try {
    const file = journalOf(process.pid);
    const listed = JSON.stringify([...users.keys()].sort());
    // Unchanged (a burst of sandboxes reusing the same placeholders): nothing to write.
    if (listed === journalWritten) return;
    if (users.size === 0) rmSync(file, { force: true });
    else {
      mkdirSync(JOURNALS, { recursive: true });
      const temporary = `${file}.${Date.now()}.tmp`;
      writeFileSync(temporary, listed);
      renameSync(temporary, file);
    }
    journalWritten = listed;
  } catch {
    // A journal that cannot be written only means a crash would leave these for the user to remove.
  }
}

function readJournals(wanted: (name: string) => boolean = () => true): { pid: number; paths: string[] }[] {
  let names: string[];
  try {
    names = readdirSync(JOURNALS).filter((name) => /^\d+\.json$/.test(name) && wanted(name));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      const paths = JSON.parse(readFileSync(path.join(JOURNALS, name), 'utf8')) as unknown;
      return Array.isArray(paths) ? [{ pid: Number.parseInt(name, 10), paths: paths.filter((entry): entry is string => typeof entry === 'string') }] : [];
    } catch {
      return [];
    }
  });
}

function usedByAnotherProcess(target: string): boolean {
  return otherJournals().some((journal) => isProcessAlive(journal.pid) && journal.paths.includes(target));
}

/** The journals of other codev processes (read only when there are any besides this one's). */
function otherJournals(): { pid: number; paths: string[] }[] {
  return readJournals((name) => name !== `${process.pid}.json`);
}

/**
 * Removes the placeholders of codev processes that are gone (killed before they could), once per process:
 * at the first sandbox, and when a kernel starts (before it reads a config, `.mcp.json` or `.codev` a
 * leftover empty folder would stand in for).
 */
export function removeLeftoverPlaceholders(): void {
  if (staleRemoved) return;
  staleRemoved = true;
  const journals = readJournals();
  const live = new Set(journals.filter((journal) => journal.pid === process.pid || isProcessAlive(journal.pid)).flatMap((journal) => journal.paths));
  for (const journal of journals) {
    if (journal.pid === process.pid || isProcessAlive(journal.pid)) continue;
    for (const target of journal.paths) if (!live.has(target)) removePlaceholder(target);
    rmSync(journalOf(journal.pid), { force: true });
  }
}
