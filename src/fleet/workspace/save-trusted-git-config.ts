import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';

/** Beside the checkouts, out of the agent's folder; a job id never starts with a dot, so no checkout is named so. */
const TRUSTED_CONFIG_FOLDER = '.codev-git-config';

/** Where the config of a job's fresh clone is kept: `<root>/.codev-git-config/<jobId>`. */
export function trustedGitConfigPath(root: string, jobId: string): string {
  return path.join(root, TRUSTED_CONFIG_FOLDER, jobId);
}

/**
 * Copies `.git/config` of a fresh clone (written by git, before the agent ran) out of the checkout, for
 * restoreTrustedGitConfig to put back before each later git command of the worker.
 */
export async function saveTrustedGitConfig(options: { root: string; jobId: string }): Promise<void> {
  const saved = trustedGitConfigPath(options.root, options.jobId);
  try {
    await mkdir(path.dirname(saved), { recursive: true });
    await copyFile(path.join(options.root, options.jobId, '.git', 'config'), saved);
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not keep the git config of the job workspace ${options.jobId}: ${errorMessage(error)}`, { file: saved, cause: error, hint: `check that ${options.root} is writable` });
  }
}
