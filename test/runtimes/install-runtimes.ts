/** Test-only: installs the runtimes of test/runtimes/package.json (once, then again only when its lockfile changes). */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireFileLock } from '../../src/files/acquire-file-lock.ts';
import { runChild, userEnvironment } from '../run-child.ts';

export const RUNTIMES_PROJECT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The folder the runtimes are installed in: `CODEV_RUNTIMES_DIR` when set (any folder: the manifest and lockfile
 * are copied there, e.g. to keep the ~700 MB out of a checkout), else test/runtimes/ itself (its node_modules is
 * ignored by git). `npm ci --ignore-scripts` runs there when the folder holds no install of the current lockfile:
 * from npm's cache when it has the packages, else from the registry like the repo's own `npm ci`. The runtimes
 * are optional dependencies, so a platform they have no build for installs without them (and their tests skip).
 */
export async function installRuntimes(): Promise<string> {
  const folder = path.resolve(process.env.CODEV_RUNTIMES_DIR ?? RUNTIMES_PROJECT);
  const lock = readFileSync(path.join(RUNTIMES_PROJECT, 'package-lock.json'), 'utf8');
  const stamp = path.join(folder, 'node_modules', '.codev-runtimes-lock.json');
  const installed = (): boolean => existsSync(stamp) && readFileSync(stamp, 'utf8') === lock;
  if (installed()) return folder;
  mkdirSync(folder, { recursive: true });
  // The interop tests install them too (the MCP Inspector runs on Node 24), in parallel test processes: one at a time.
  const release = await acquireFileLock(path.join(folder, 'package.json'), { waitMs: 540_000 });
  try {
    if (installed()) return folder;
    if (folder !== RUNTIMES_PROJECT) {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(RUNTIMES_PROJECT, file), path.join(folder, file));
    }
    // No install scripts: bun's postinstall only links the binary its platform package already holds (see find-runtimes.ts).
    const install = await runChild('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder, timeoutMs: 540_000, env: userEnvironment() });
    if (install.code !== 0) throw new Error(`npm ci of the test runtimes in ${folder} failed:\n${install.output}`);
    writeFileSync(stamp, lock);
    return folder;
  } finally {
    await release();
  }
}
