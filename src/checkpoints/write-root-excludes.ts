import { createHash } from 'node:crypto';
import path from 'node:path';
import { CODEV_STATE_PATHS } from './codev-state-paths.ts';
import { findUserRepository } from './find-user-repository.ts';
import { writeIfDifferent } from './init-checkpoint-store.ts';
import { readSmallFile } from './read-small-file.ts';
import { reanchorIgnorePattern } from './reanchor-ignore-pattern.ts';

/** codev's own state (see {@link CODEV_STATE_PATHS}; the listings leave it out by pathspec too): git skips its folders. */
const CODEV_STATE = CODEV_STATE_PATHS.map((state) => `/${state}`).join('\n');

/**
 * The ignore file the store's git uses for `root` besides the `.gitignore` files inside it: codev's state, the
 * user's `info/exclude` and the `.gitignore` files of the folders between the repository's top and the root (git
 * with the root as its work tree would not see those), kept in the store.
 */
export async function writeRootExcludes(options: { store: string; root: string }): Promise<string> {
  const lines = [CODEV_STATE];
  const read = async (file: string): Promise<string> => (await readSmallFile(file)) ?? '';
  const repository = findUserRepository(options.root);
  if (repository !== undefined) {
    lines.push(await read(path.join(repository.gitDirectory, 'info', 'exclude')));
    const relative = path.relative(repository.top, options.root).split(path.sep).filter(Boolean);
    for (let depth = 0; depth < relative.length; depth++) {
      const folder = path.join(repository.top, ...relative.slice(0, depth));
      const prefix = relative.slice(depth).join('/');
      const patterns = (await read(path.join(folder, '.gitignore'))).split('\n').map((line) => reanchorIgnorePattern(line, prefix));
      lines.push(patterns.filter((pattern) => pattern !== undefined).join('\n'));
    }
  }
  const file = path.join(options.store, 'codev-excludes', createHash('sha1').update(options.root).digest('hex').slice(0, 16));
  await writeIfDifferent(file, `${lines.filter((text) => text.trim() !== '').join('\n')}\n`);
  return file;
}
