import path from 'node:path';
import { locateRipgrep } from './locate-ripgrep.ts';
import { runRipgrep, RIPGREP_TIMEOUT_MS } from './run-ripgrep.ts';
import { VCS_DIRECTORIES, walkFiles } from './walk-files.ts';

/** The `--glob` arguments that keep version-control directories out of every search. */
export const VCS_EXCLUDE_ARGS: readonly string[] = VCS_DIRECTORIES.map((name) => `--glob=!${name}`);

/** Flags every search shares: hidden files included, ignore files applied even outside a git repository. */
export const COMMON_RIPGREP_ARGS: readonly string[] = ['--hidden', '--no-require-git', ...VCS_EXCLUDE_ARGS];

/** Name globs ripgrep's type globs read the same way picomatch does: no slashes, no extglobs, no classes. */
const SIMPLE_NAME_GLOB = /^[A-Za-z0-9._*?{},+-]+$/;

/** Which engine answered: a ripgrep binary, or the pure-Node fallback. */
export type SearchEngine = 'ripgrep' | 'node';

/**
 * Lists the files below `root` that ignore files do not exclude (hidden files included, VCS directories
 * excluded, symlinks not followed). Absolute paths, unsorted. (No glob is passed to ripgrep: a positive
 * `--glob` overrides ignore files; callers filter the listing themselves.)
 */
export async function listFiles(options: {
  root: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * A glob every listed file's name must match (e.g. `*.ts`), as a pre-filter. Given to ripgrep as a file
   * type, which, unlike `--glob`, keeps the ignore files in force. Callers still filter the result exactly.
   */
  nameGlob?: string;
}): Promise<{ files: string[]; truncated: boolean; engine: SearchEngine }> {
  const { root, signal } = options;
  const timeoutMs = options.timeoutMs ?? RIPGREP_TIMEOUT_MS;
  const rg = await locateRipgrep(options.env);
  if (rg.source !== 'none') {
    const typeArgs = options.nameGlob && SIMPLE_NAME_GLOB.test(options.nameGlob) ? [`--type-add=codevname:${options.nameGlob}`, '--type=codevname'] : [];
    const args = ['--files', ...COMMON_RIPGREP_ARGS, ...typeArgs, '--null', '.'];
    const run = await runRipgrep({ command: rg.command, args, cwd: root, signal, timeoutMs });
    if (run.timedOut && run.stdout === '') throw new Error(`The search timed out after ${timeoutMs / 1000} s; use a more specific path or pattern.`);
    if (run.exitCode === 2 && run.stdout === '') throw new Error(`ripgrep failed: ${run.stderr.trim() || 'exit code 2'}`);
    const files = run.stdout
      .split('\0')
      .filter(Boolean)
      .map((file) => path.join(root, file));
    return { files, truncated: run.truncated || run.timedOut, engine: 'ripgrep' };
  }
  const files: string[] = [];
  let truncated = false;
  try {
    for await (const file of walkFiles({ root, signal, deadline: Date.now() + timeoutMs })) files.push(path.join(root, file));
  } catch (error) {
    if (signal?.aborted || files.length === 0) throw error;
    truncated = true; // timed out with partial results
  }
  return { files, truncated, engine: 'node' };
}
