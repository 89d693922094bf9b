import path from 'node:path';
import type { CheckpointStore } from '../../checkpoints/types.ts';
import { CODEV_FOLDER } from '../../files/codev-files.ts';

/** Where a project's file checkpoints are kept: `<projectRoot>/.codev/checkpoints/`. */
export function checkpointsDirectory(projectRoot: string): string {
  return path.join(projectRoot, CODEV_FOLDER, 'checkpoints');
}

/** The checkpoint store of the project at `projectRoot`; its code is loaded by the first agent that records one. */
export async function openProjectCheckpoints(options: { projectRoot: string; maxFileBytes?: number; maxFiles?: number }): Promise<CheckpointStore> {
  const { projectRoot, ...limits } = options;
  const { openCheckpointStore } = await import('../../checkpoints/open-checkpoint-store.ts');
  return await openCheckpointStore({ directory: checkpointsDirectory(projectRoot), ...limits });
}
