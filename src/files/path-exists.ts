import { lstat, stat } from 'node:fs/promises';

/**
 * Whether something is at `target`: a symlink counts as itself (even a dangling one), or, with
 * `followLinks`, only when what it points to exists. Never throws.
 */
export async function pathExists(target: string, options: { followLinks?: boolean } = {}): Promise<boolean> {
  try {
    await (options.followLinks ? stat(target) : lstat(target));
    return true;
  } catch {
    return false;
  }
}
