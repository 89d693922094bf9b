import path from 'node:path';
import { isInWorkingDirectories } from '../../permissions/path-containment.ts';
import { pathExists } from '../../files/path-exists.ts';

/**
 * Whether the repository git finds from `directory` is one the model cannot have planted: its git folder
 * is outside the working directories, or it is the `.git` of a working directory (protected: writes there
 * ask, and the sandbox keeps its configuration and hooks read-only). A repository found anywhere else in
 * the project (`vendor/x/.git`, a bare repository's `HEAD`, `config`, `objects/`, `refs/` written into a
 * folder) has a configuration anyone could have written, and git runs programs from it (`core.fsmonitor`,
 * `core.sshCommand`, hooks). No repository at all is fine.
 */
export async function isTrustedRepository(directory: string, workingDirectories: readonly string[]): Promise<boolean> {
  for (let current = directory; ; current = path.dirname(current)) {
    const dotGit = path.join(current, '.git');
    if (await pathExists(dotGit)) return !isInWorkingDirectories(dotGit, workingDirectories) || workingDirectories.some((working) => path.join(working, '.git') === dotGit);
    if (await isBareRepository(current)) return !isInWorkingDirectories(current, workingDirectories);
    if (path.dirname(current) === current) return true;
  }
}

async function isBareRepository(directory: string): Promise<boolean> {
  const [head, objects, refs] = await Promise.all(['HEAD', 'objects', 'refs'].map((name) => pathExists(path.join(directory, name))));
  return head === true && objects === true && refs === true;
}
