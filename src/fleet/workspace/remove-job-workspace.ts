import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { attemptFolders, ownerPath } from './attempt-folders.ts';
import { checkJobId } from './check-job-id.ts';
import { recordingStorePath } from './recording-store.ts';
import { trustedGitConfigPath } from './save-trusted-git-config.ts';

/**
 * Removes a job's checkout and the copy of its git config; a folder already gone is fine. Without `attempt`
 * the checkout is `<root>/<jobId>`; with it, that attempt's `<root>/<jobId>/<attempt>` (and its owner file),
 * then the job's folder when no other attempt's checkout is left in it. Only those paths are touched (the job
 * id is checked, so it cannot climb out of `root`), and a busy folder is retried a few times before
 * 'WORKSPACE_FAILED'.
 */
export async function removeJobWorkspace(options: { root: string; jobId: string; attempt?: string }): Promise<void> {
  const root = path.resolve(options.root);
  const jobId = checkJobId(options.jobId);
  if (options.attempt === undefined) return await removeAttemptFolder(path.join(root, jobId));
  const folders = attemptFolders(root, jobId, options.attempt);
  await removeAttemptFolder(folders.checkout);
  // Emptied bookkeeping folders first, then the job's folder: each only when nothing else is left in it.
  for (const folder of [path.dirname(trustedGitConfigPath(folders.checkout)), path.dirname(recordingStorePath(folders.checkout)), path.dirname(folders.owner), folders.job]) await rmdir(folder).catch(() => undefined);
}

/** Removes the checkout `folder`, its saved git config, its recording store and its owner file (when it is an attempt's). */
export async function removeAttemptFolder(checkout: string): Promise<void> {
  for (const target of [checkout, trustedGitConfigPath(checkout), recordingStorePath(checkout), ownerPath(path.dirname(checkout), path.basename(checkout))]) {
    try {
      await rm(target, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      throw new CodevError('WORKSPACE_FAILED', `could not remove ${target}: ${errorMessage(error)}`, { file: target, cause: error, hint: 'stop what still uses the folder, then remove it by hand' });
    }
  }
}
