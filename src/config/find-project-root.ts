import path from 'node:path';
import { pathExists } from '../files/path-exists.ts';

const PROJECT_MARKERS = ['package.json', '.git'];

/**
 * The nearest directory, from `cwd` upward, holding a `package.json` or a `.git` entry; undefined when
 * there is none up to the filesystem root. Config search stops there, so a project nested inside another
 * never picks up its parent's config.
 */
export async function findProjectRoot(cwd: string): Promise<string | undefined> {
  let directory = path.resolve(cwd);
  while (true) {
    for (const marker of PROJECT_MARKERS) {
      if (await pathExists(path.join(directory, marker), { followLinks: true })) return directory;
    }
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
