import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { checkJobId } from './check-job-id.ts';
import { trustedGitConfigPath } from './save-trusted-git-config.ts';

/**
 * Removes a job's checkout `<root>/<jobId>` and the copy of its git config; a folder already gone is fine.
 * Only those two paths are touched (the job id is checked, so it cannot climb out of `root`), and a busy
 * folder is retried a few times before 'WORKSPACE_FAILED'.
 */
export async function removeJobWorkspace(options: { root: string; jobId: string }): Promise<void> {
  const root = path.resolve(options.root);
  const jobId = checkJobId(options.jobId);
  for (const target of [path.join(root, jobId), trustedGitConfigPath(root, jobId)]) {
    try {
      await rm(target, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      throw new CodevError('WORKSPACE_FAILED', `could not remove ${target}: ${errorMessage(error)}`, { file: target, cause: error, hint: 'stop what still uses the folder, then remove it by hand' });
    }
  }
}
