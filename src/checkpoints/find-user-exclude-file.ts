import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function gitDirectoryOf(dotGit: string): string | undefined {
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    if (!pointer?.[1]) return undefined;
    const gitDirectory = path.resolve(path.dirname(dotGit), pointer[1]);
    const common = path.join(gitDirectory, 'commondir');
    return existsSync(common) ? path.resolve(gitDirectory, readFileSync(common, 'utf8').trim()) : gitDirectory;
  } catch {
    return undefined;
  }
}

/**
 * The user's `info/exclude` of the repository `root` is in (a worktree's points at its main repository's),
 * so the store ignores what the user's git ignores; the null device when `root` is in no repository.
 */
export function findUserExcludeFile(root: string): string {
  for (let folder = root; ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    if (existsSync(dotGit)) {
      const gitDirectory = gitDirectoryOf(dotGit);
      const exclude = gitDirectory === undefined ? undefined : path.join(gitDirectory, 'info', 'exclude');
      return exclude !== undefined && existsSync(exclude) ? exclude : os.devNull;
    }
    if (path.dirname(folder) === folder) return os.devNull;
  }
}
