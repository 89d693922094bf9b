import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../../../files/is-process-alive.ts';

/** The prefix of an `--open` page's folder in the temp folder: `codev-ui-open-<pid>-<random>`. */
export const OPEN_PAGE_PREFIX = 'codev-ui-open-';

/**
 * Removes the `--open` pages (and their folders) that `codev ui` processes no longer alive left in `temp`
 * (killed before they could remove them): only a folder of this user, named with a pid that is gone. Never throws.
 */
export function removeLeftOpenPages(temp: string): void {
  let names: string[];
  try {
    names = readdirSync(temp);
  } catch {
    return;
  }
  for (const name of names) {
    const match = new RegExp(`^${OPEN_PAGE_PREFIX}(\\d+)-`).exec(name);
    if (!match || Number(match[1]) === process.pid || isProcessAlive(Number(match[1]))) continue;
    const folder = path.join(temp, name);
    try {
      const stat = lstatSync(folder);
      // Another user's folder in a shared temp folder is not ours to remove.
      if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) continue;
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours: left as it is.
    }
  }
}
