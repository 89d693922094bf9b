import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ownerPath } from './attempt-folders.ts';
import { removeAttemptFolder } from './remove-job-workspace.ts';

/**
 * Removes the checkouts in a job's folder that earlier attempts on this machine left behind: those whose
 * process is gone (killed, crashed). A folder whose process is alive is kept even when that attempt lost its
 * lock: it is still writing there, and removes its own folder once it sees it was fenced.
 */
export async function removeDeadAttemptFolders(options: { job: string; keep: string }): Promise<void> {
  const names = await readdir(options.job).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith('.') || name === options.keep) continue;
    if (isAlive(await readFile(ownerPath(options.job, name), 'utf8').catch(() => ''))) continue;
    await removeAttemptFolder(path.join(options.job, name));
  }
}

function isAlive(owner: string): boolean {
  const pid = Number(owner.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has the pid, so it is alive (and not one of ours to judge).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
