import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isPathInside } from '../../files/is-path-inside.ts';
import type { AgentWorktree } from '../../worktrees/index.ts';

/**
 * The worktree equivalent of `directory`, a folder of the user's checkout (such as the project root): the
 * same subfolder of `worktree.path`, or the worktree's root when `directory` is outside the repository.
 */
export function mapIntoWorktree(directory: string, worktree: AgentWorktree): string {
  // Real paths on both sides: `repoRoot` is real, and a project reached through a symlink would look outside it.
  const [root, real] = [realPath(worktree.repoRoot), realPath(directory)];
  return isPathInside(real, root) ? path.join(worktree.path, path.relative(root, real)) : worktree.path;
}

function realPath(directory: string): string {
  try {
    return realpathSync(directory);
  } catch {
    return path.resolve(directory);
  }
}
