import { constants, ftruncateSync, openSync, writeSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from './is-process-alive.ts';
import { parseLockOwner, removeLockOf } from './lock-owner.ts';
import { isTempPathOf } from './temp-path.ts';

/**
 * Where each codev process lists the temp files and write locks it is about to make (one `<pid>.log` a
 * process, one path a line), so that a later codev removes what a killed one left in the user's folders.
 * Per user: another user's entries are not trusted with unlinks.
 */
export const TEMP_FILE_JOURNALS = path.join(os.tmpdir(), `codev-temp-files-${process.getuid?.() ?? 'user'}`);
/** A journal is emptied once nothing it lists is in flight and it has grown past this. */
const TRUNCATE_AT = 64 * 1024;

interface Journal {
  fd: number;
  bytes: number;
  inFlight: number;
}

let journal: Promise<Journal | undefined> | undefined;

/**
 * Lists `file` (a temp file or lock about to be created) in this process's journal, and returns once the
 * line is written, so that the file never exists unlisted: if the process is then killed, the next codev
 * removes it (`removeLeftoverTempFiles`). The returned function says the file is gone (renamed or removed).
 * The first call also removes the leftovers of dead processes. A journal that cannot be written costs only
 * that cleanup, never the write.
 */
export async function journalTempFile(file: string): Promise<() => void> {
  const opened = await (journal ??= openJournal());
  if (!opened) return () => {};
  // Synchronous: a few microseconds on the local temp folder, against ~50 µs for a trip through the libuv
  // thread pool; and appends and truncations then happen in call order with no queue.
  if (!append(opened, `${file}\n`)) return () => {};
  opened.inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--opened.inFlight > 0 || opened.bytes < TRUNCATE_AT) return;
    // Nothing listed is in flight any more: every line is obsolete.
    try {
      ftruncateSync(opened.fd, 0);
      opened.bytes = 0;
    } catch {
      // A journal that keeps its old lines only makes a later cleanup look at files that are gone.
    }
  };
}

function append(opened: Journal, line: string): boolean {
  try {
    opened.bytes += writeSync(opened.fd, line);
    return true;
  } catch {
    return false;
  }
}

async function openJournal(): Promise<Journal | undefined> {
  try {
    await mkdir(TEMP_FILE_JOURNALS, { recursive: true, mode: 0o700 });
    const folder = await lstat(TEMP_FILE_JOURNALS);
    // A folder someone else made in the shared temp dir could list any path: keep no journal rather than trust it.
    if (!folder.isDirectory() || (process.getuid && folder.uid !== process.getuid())) return undefined;
    const file = journalOf(process.pid);
    // A journal under this pid already is an earlier, dead process's: this one has listed nothing yet.
    await removeListed(file, process.pid);
    // A plain descriptor, open for the life of the process (a FileHandle would be closed when collected).
    // O_APPEND: after a truncation the next line goes to the start, not after a hole.
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND, 0o600);
    void removeLeftoverTempFiles();
    return { fd, bytes: 0, inFlight: 0 };
  } catch {
    return undefined;
  }
}

function journalOf(pid: number): string {
  return path.join(TEMP_FILE_JOURNALS, `${pid}.log`);
}

/**
 * Removes the temp files and write locks that codev processes no longer alive left behind (killed between
 * creating and renaming them), then their journals. Only a listed path named as that pid's temp file
 * (`.<name>.<pid>.<hex>.tmp`), or a lock whose text names that pid, is removed. Called when a kernel starts
 * and on the first atomic write of a process; never throws. Returns the paths removed.
 */
export async function removeLeftoverTempFiles(): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(TEMP_FILE_JOURNALS);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = /^(\d+)\.log$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    // This process's own journal is handled when it opens it (it may be opening it right now).
    if (pid === process.pid || isProcessAlive(pid)) continue;
    removed.push(...(await removeListed(journalOf(pid), pid)));
    await rm(journalOf(pid), { force: true }).catch(() => {});
  }
  return removed;
}

async function removeListed(journalFile: string, pid: number): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(journalFile, 'utf8');
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of new Set(text.split('\n'))) {
    if (!path.isAbsolute(entry)) continue;
    if (isTempPathOf(entry, pid)) {
      if (await unlink(entry).then(() => true, () => false)) removed.push(entry);
      continue;
    }
    const owner = await readlink(entry).catch(() => undefined);
    const parsed = owner === undefined ? undefined : parseLockOwner(owner);
    if (owner !== undefined && parsed?.local && parsed.pid === pid && (await removeLockOf(entry, owner))) removed.push(entry);
  }
  return removed;
}
