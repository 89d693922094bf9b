import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { CheckpointStore } from '../../checkpoints/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { CODEV_FOLDER } from '../../files/codev-files.ts';

/** Where a project's file checkpoints are kept: `<projectRoot>/.codev/checkpoints/`. */
export function checkpointsDirectory(projectRoot: string): string {
  return path.join(projectRoot, CODEV_FOLDER, 'checkpoints');
}

/**
 * The checkpoint store of the project at `projectRoot`; its code is loaded by the first agent that records one.
 * `CHECKPOINT_FAILED` when `.codev` or `.codev/checkpoints` is not a folder of the user's own: the store
 * writes its config, `.gitignore` and the project's files where it is, so a link there (a repository may ship
 * one) to `~/.ssh` or the home folder would have them written over, and a folder of another user's is theirs.
 */
export async function openProjectCheckpoints(options: { projectRoot: string; maxFileBytes?: number; maxFiles?: number }): Promise<CheckpointStore> {
  const { projectRoot, ...limits } = options;
  const directory = checkpointsDirectory(projectRoot);
  await checkOwnFolder(path.dirname(directory));
  await checkOwnFolder(directory);
  const { openCheckpointStore } = await import('../../checkpoints/open-checkpoint-store.ts');
  return await openCheckpointStore({ directory, ...limits });
}

/** A folder that is missing (it is made) or a real folder of this user's: not a link, a file, or another's. */
async function checkOwnFolder(folder: string): Promise<void> {
  const stats = await lstat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new CodevError('CHECKPOINT_FAILED', `The checkpoint store's folder ${folder} cannot be read: ${error.message}`, { file: folder, cause: error });
  });
  if (stats === undefined) return;
  const uid = process.getuid?.();
  const problem = stats.isSymbolicLink() ? 'a link' : !stats.isDirectory() ? 'not a folder' : uid !== undefined && stats.uid !== uid ? `owned by another user (uid ${stats.uid})` : undefined;
  if (problem !== undefined) throw new CodevError('CHECKPOINT_FAILED', `The checkpoint store's folder ${folder} is ${problem}: no checkpoint is kept there`, { file: folder, hint: 'make it a folder of your own, or turn checkpoints off (checkpoints: false)' });
}
