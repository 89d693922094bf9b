import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../session/private-modes.ts';
import { processStartTime } from '../files/process-start-time.ts';
import { currentSessionOwner, type SessionOwner } from '../session/session-owner.ts';
import { isStaleHolder, judgeLockHolder } from './judge-lock-holder.ts';
import { readLockFile } from './read-lock-file.ts';
import { sessionLockNames } from './session-lock-names.ts';
import { sessionLocksAtExit } from './session-locks-at-exit.ts';

/** A lock made in full, out of place: `folder` holds its one owner file, `ownerName`. */
export interface StagedSessionLock {
  folder: string;
  ownerName: string;
  /** Removes it (after a rename it is not there any more: nothing). */
  discard(): Promise<void>;
}

/**
 * Makes a complete lock naming this process in `.lock-staging/<nonce>/` of the store's folder (which must
 * exist), ready to be renamed into place. First removes what takers killed while making theirs left
 * there (a folder whose maker is gone, judged like a lock's holder); one whose maker is alive stays.
 * `.lock-staging/` itself is there only while a lock is being made (see removeStagingIfEmpty).
 */
export async function stageSessionLock(options: { directory: string; expiryMs: number }): Promise<StagedSessionLock> {
  const root = sessionLockNames.staging(options.directory);
  const nonce = randomUUID();
  const folder = path.join(root, nonce);
  const ownerName = sessionLockNames.ownerFile(nonce);
  sessionLocksAtExit.staging(folder);
  const discard = async () => {
    await rm(folder, { recursive: true, force: true });
    sessionLocksAtExit.unstaged(folder);
    await removeStagingIfEmpty(options.directory);
  };
  try {
    for (let attempt = 0; ; attempt++) {
      await mkdir(root, { mode: PRIVATE_DIRECTORY_MODE }).catch(unlessExists);
      if (attempt === 0) await removeAbandoned(root, options.expiryMs);
      try {
        await mkdir(folder, { mode: PRIVATE_DIRECTORY_MODE });
        break;
      } catch (error) {
        // Another taker removed the empty staging folder between the two mkdirs: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 4) throw error;
      }
    }
    const owner: SessionOwner = { ...currentSessionOwner(), createdAt: new Date().toISOString(), processStart: processStartTime(process.pid) };
    await writeFile(path.join(folder, ownerName), JSON.stringify(owner), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    await discard();
    throw error;
  }
  return { folder, ownerName, discard };
}

/** Removes `.lock-staging/` once no lock is being made in it, so a store's folder holds only sessions. */
export async function removeStagingIfEmpty(directory: string): Promise<void> {
  await rmdir(sessionLockNames.staging(directory)).catch(() => {});
}

function unlessExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

async function removeAbandoned(root: string, expiryMs: number): Promise<void> {
  const names = await readdir(root).catch(() => []);
  for (const name of names) {
    const folder = path.join(root, name);
    // A folder still without its owner file is being made this instant: its age protects it.
    const record = (await readLockFile(path.join(folder, sessionLockNames.ownerFile(name))).catch(() => undefined)) ?? (await lstat(folder).then((stats) => ({ heartbeatAt: stats.mtime }), () => undefined));
    if (record && isStaleHolder(judgeLockHolder(record, { expiryMs }))) await rm(folder, { recursive: true, force: true }).catch(() => {});
  }
}
