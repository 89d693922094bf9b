import { constants } from 'node:fs';
import { copyFile, lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { trustedGitConfigPath } from './save-trusted-git-config.ts';
import type { JobWorkspace } from './types.ts';

/**
 * Puts the clone's own `.git/config` back, so nothing the agent wrote there (a filter or fsmonitor command,
 * a credential helper, a `url.insteadOf` that sends the push elsewhere) runs with the worker's rights. A
 * `.git` that is no longer a real folder is refused rather than written through: it could point anywhere.
 */
export async function restoreTrustedGitConfig(workspace: JobWorkspace): Promise<void> {
  const gitFolder = path.join(workspace.path, '.git');
  const saved = trustedGitConfigPath(workspace.path);
  const config = path.join(gitFolder, 'config');
  try {
    const folder = await lstat(gitFolder);
    if (!folder.isDirectory()) throw new Error(`${gitFolder} is no longer a folder`);
    // Removed first, then created exclusively: a symlink planted as the config would otherwise be written through.
    await rm(config, { force: true });
    await copyFile(saved, config, constants.COPYFILE_EXCL);
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not restore the git config of the job workspace ${workspace.path}: ${errorMessage(error)}`, {
      file: config,
      cause: error,
      hint: 'the agent replaced or removed the checkout\'s .git folder; prepare the workspace again from the last checkpoint',
    });
  }
}
