import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/** Where the ripgrep binary came from. `none`: no usable binary; callers use the pure-Node fallback. */
export type RipgrepSource = 'path' | 'bundled' | 'env' | 'none';

/** The binary to run, or `{ source: 'none' }`. */
export type RipgrepLocation = { source: Exclude<RipgrepSource, 'none'>; command: string } | { source: 'none' };

const cache = new Map<string, Promise<RipgrepLocation>>();

/**
 * Finds a working ripgrep, once per process (per `CODEV_RIPGREP` value):
 *  1. `CODEV_RIPGREP=none` (or `node`) forces the pure-Node fallback; `CODEV_RIPGREP=/abs/rg` uses that binary;
 *  2. `rg` on PATH (Debian's `ripgrep` package) when `rg --version` runs;
 *  3. the binary shipped by `@vscode/ripgrep`;
 *  4. none: the fallback.
 * "Working" means `--version` exits 0 within 5 s; a broken binary is skipped, not fatal.
 */
export function locateRipgrep(env: NodeJS.ProcessEnv = process.env): Promise<RipgrepLocation> {
  const key = `${env.CODEV_RIPGREP ?? ''}\0${env.PATH ?? ''}`;
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = findRipgrep(env)));
  return hit;
}

async function findRipgrep(env: NodeJS.ProcessEnv): Promise<RipgrepLocation> {
  const forced = env.CODEV_RIPGREP?.trim();
  if (forced === 'none' || forced === 'node' || forced === 'off') return { source: 'none' };
  if (forced && path.isAbsolute(forced)) {
    return (await works(forced)) ? { source: 'env', command: forced } : { source: 'none' };
  }
  const onPath = await findOnPath('rg', env.PATH ?? '');
  if (onPath && (await works(onPath))) return { source: 'path', command: onPath };
  const bundled = await bundledPath();
  if (bundled && (await works(bundled))) return { source: 'bundled', command: bundled };
  return { source: 'none' };
}

async function findOnPath(name: string, searchPath: string): Promise<string | undefined> {
  for (const directory of searchPath.split(path.delimiter)) {
    if (!directory || !path.isAbsolute(directory)) continue; // a relative PATH entry would run whatever is in the cwd
    const candidate = path.join(directory, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function bundledPath(): Promise<string | undefined> {
  try {
    // Dynamic: the module throws at import when its platform package is missing.
    const module = (await import('@vscode/ripgrep')) as { rgPath?: string };
    return module.rgPath;
  } catch {
    return undefined;
  }
}

function works(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, ['--version'], { timeout: 5_000, windowsHide: true }, (error, stdout) => resolve(!error && /ripgrep/i.test(String(stdout))));
  });
}

/** Forgets located binaries (tests). */
export function resetRipgrepCache(): void {
  cache.clear();
}
