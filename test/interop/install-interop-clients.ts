/** Test-only: installs the MCP clients of test/interop/package.json (once, then again only when its lockfile changes). */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireFileLock } from '../../src/files/acquire-file-lock.ts';
import { runChild, userEnvironment } from '../run-child.ts';

export const INTEROP_PROJECT = path.dirname(fileURLToPath(import.meta.url));
const INSTALL_WITHIN_MS = 540_000;

/**
 * The folder the clients are installed in: `CODEV_INTEROP_DIR` when set (any folder: the manifest and lockfile
 * are copied there, e.g. to keep the ~500 MB out of a checkout), else test/interop/ itself (its node_modules is
 * ignored by git). `npm ci --ignore-scripts` runs there when the folder holds no install of the current lockfile,
 * as test/runtimes/install-runtimes.ts does: from npm's cache when it has the packages, else from the registry.
 * Claude Code's platform packages are optional dependencies, so npm installs the one this machine has a build of.
 * Several test files call this at once (vitest runs them in parallel processes): one installs, the others wait.
 */
export async function installInteropClients(): Promise<string> {
  const folder = path.resolve(process.env.CODEV_INTEROP_DIR ?? INTEROP_PROJECT);
  const lock = readFileSync(path.join(INTEROP_PROJECT, 'package-lock.json'), 'utf8');
  const stamp = path.join(folder, 'node_modules', '.codev-interop-lock.json');
  const installed = (): boolean => existsSync(stamp) && readFileSync(stamp, 'utf8') === lock;
  if (installed()) return folder;
  mkdirSync(folder, { recursive: true });
  const release = await acquireFileLock(path.join(folder, 'package.json'), { waitMs: INSTALL_WITHIN_MS });
  try {
    if (installed()) return folder;
    if (folder !== INTEROP_PROJECT) {
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(INTEROP_PROJECT, file), path.join(folder, file));
    }
    // No install scripts: none of these packages needs one (Claude Code's platform package holds the binary itself).
    const install = await runChild('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder, timeoutMs: INSTALL_WITHIN_MS, env: userEnvironment() });
    if (install.code !== 0) throw new Error(`npm ci of the interop clients in ${folder} failed:\n${install.output}`);
    writeFileSync(stamp, lock);
    return folder;
  } finally {
    await release();
  }
}
