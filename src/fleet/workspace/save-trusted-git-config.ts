import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';

/** Beside the checkouts, out of the agent's folder; a job id never starts with a dot, so no checkout is named so. */
const TRUSTED_CONFIG_FOLDER = '.codev-git-config';

/** Where the config of a fresh clone at `<folder>/<name>` is kept: `<folder>/.codev-git-config/<name>`. */
export function trustedGitConfigPath(checkout: string): string {
  return path.join(path.dirname(checkout), TRUSTED_CONFIG_FOLDER, path.basename(checkout));
}

/**
 * Copies `.git/config` of a fresh clone (written by git, before the agent ran) out of the checkout, for
 * restoreTrustedGitConfig to put back before each later git command of the worker.
 */
export async function saveTrustedGitConfig(options: { checkout: string }): Promise<void> {
  const saved = trustedGitConfigPath(options.checkout);
  try {
    await mkdir(path.dirname(saved), { recursive: true });
    await copyFile(path.join(options.checkout, '.git', 'config'), saved);
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not keep the git config of the job workspace ${options.checkout}: ${errorMessage(error)}`, { file: saved, cause: error, hint: `check that ${path.dirname(options.checkout)} is writable` });
  }
}
