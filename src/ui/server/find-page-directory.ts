import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodevError } from '../../errors/codev-error.ts';

/**
 * The folder of the built page: `CODEV_UI_PAGE_DIR` when set (the tests), else `../page/` beside this module (in
 * the build, dist/ui/page/). UI_PAGE_MISSING when it holds no index.html and assets/app.js (codev was not built).
 */
export function findPageDirectory(env: Readonly<Record<string, string | undefined>>): string {
  const directory = env.CODEV_UI_PAGE_DIR?.trim() ? path.resolve(env.CODEV_UI_PAGE_DIR) : fileURLToPath(new URL('../page/', import.meta.url));
  if (!existsSync(path.join(directory, 'index.html')) || !existsSync(path.join(directory, 'assets', 'app.js'))) {
    throw new CodevError('UI_PAGE_MISSING', `The page of codev ui is not built: ${directory} has no index.html and assets/app.js.`, { hint: 'npm run build (or set CODEV_UI_PAGE_DIR to a built page folder)' });
  }
  return directory;
}
