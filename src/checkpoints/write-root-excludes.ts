import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findUserRepository } from './find-user-repository.ts';
import { writeIfDifferent } from './init-checkpoint-store.ts';
import { reanchorIgnorePattern } from './reanchor-ignore-pattern.ts';

/**
 * The ignore file the store's git uses for `root` besides the `.gitignore` files inside it: the user's
 * `info/exclude` and the `.gitignore` files of the folders between the repository's top and the root (git
 * with the root as its work tree would not see those), written in the store when there is anything to write.
 */
export async function writeRootExcludes(options: { store: string; root: string }): Promise<string> {
  const repository = findUserRepository(options.root);
  if (repository === undefined) return os.devNull;
  const read = (file: string): Promise<string> => readFile(file, 'utf8').catch(() => '');
  const lines = [await read(path.join(repository.gitDirectory, 'info', 'exclude'))];
  const relative = path.relative(repository.top, options.root).split(path.sep).filter(Boolean);
  for (let depth = 0; depth < relative.length; depth++) {
    const folder = path.join(repository.top, ...relative.slice(0, depth));
    const prefix = relative.slice(depth).join('/');
    const patterns = (await read(path.join(folder, '.gitignore'))).split('\n').map((line) => reanchorIgnorePattern(line, prefix));
    lines.push(patterns.filter((pattern) => pattern !== undefined).join('\n'));
  }
  const content = `${lines.filter((text) => text.trim() !== '').join('\n')}\n`;
  if (content.trim() === '') return os.devNull;
  const file = path.join(options.store, 'codev-excludes', createHash('sha1').update(options.root).digest('hex').slice(0, 16));
  await writeIfDifferent(file, content);
  return file;
}
