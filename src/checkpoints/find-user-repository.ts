import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { readSmallFileSync } from './read-small-file.ts';

/** The user's repository a root is in: its top folder and its git directory (a worktree's main one). */
export interface UserRepository {
  top: string;
  gitDirectory: string;
}

function gitDirectoryOf(dotGit: string): string | undefined {
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readSmallFileSync(dotGit) ?? '');
    if (!pointer?.[1]) return undefined;
    const gitDirectory = path.resolve(path.dirname(dotGit), pointer[1]);
    const common = path.join(gitDirectory, 'commondir');
    const commonText = existsSync(common) ? readSmallFileSync(common) : undefined;
    return commonText === undefined ? gitDirectory : path.resolve(gitDirectory, commonText.trim());
  } catch {
    return undefined;
  }
}

/** The repository `root` is in (the nearest `.git` at or above it), read from the files: no git process. */
export function findUserRepository(root: string): UserRepository | undefined {
  for (let folder = root; ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    if (existsSync(dotGit)) {
      const gitDirectory = gitDirectoryOf(dotGit);
      return gitDirectory === undefined ? undefined : { top: folder, gitDirectory };
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}
