import { lstatSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { buildBwrapArguments } from './build-bwrap-arguments.ts';
import { findProtectedPaths } from './find-protected-paths.ts';
import { BWRAP_PATH } from './is-sandbox-available.ts';

/** What to spawn for a sandboxed command, and what to undo after it ends. */
export interface SandboxedSpawn {
  file: string;
  args: string[];
  /** Extra environment: `TMPDIR` points at the writable temp directory. */
  env: Record<string, string>;
  /** Removes the placeholders bubblewrap left for protected paths that did not exist. Call once, after exit. */
  cleanup(): void;
}

/** Placeholders in use by running sandboxes of this process, so one ending does not unblock another. */
const placeholderUsers = new Map<string, number>();

/**
 * Wraps `bash -c <command>` in bubblewrap: read-only root, the working directories and a temp directory
 * writable, protected paths read-only, no network unless `allowNetwork`. Paths are resolved through
 * symlinks first, so a symlinked working directory binds its real target.
 */
export function prepareSandboxedSpawn(options: {
  command: string;
  cwd: string;
  writableDirectories: readonly string[];
  tmpDirectory: string;
  allowNetwork: boolean;
  pluginDirectories?: readonly string[];
  /** Files hooks run (kept read-only: a hook runs outside the sandbox). */
  hookFiles?: readonly string[];
}): SandboxedSpawn {
  mkdirSync(options.tmpDirectory, { recursive: true });
  const working = options.writableDirectories.map(resolveExisting).filter((directory): directory is string => directory !== undefined);
  const tmpDirectory = realpathSync(options.tmpDirectory);
  const protectedPaths = findProtectedPaths({ writableDirectories: working, pluginDirectories: options.pluginDirectories?.map((directory) => resolveExisting(directory) ?? directory), hookFiles: options.hookFiles?.map((file) => resolveExisting(file) ?? file) });
  const placeholders = protectedPaths.filter((entry) => !entry.exists).map((entry) => entry.path);
  for (const placeholder of placeholders) placeholderUsers.set(placeholder, (placeholderUsers.get(placeholder) ?? 0) + 1);
  const args = buildBwrapArguments({
    cwd: resolveExisting(options.cwd) ?? options.cwd,
    writableDirectories: [...working, tmpDirectory],
    allowNetwork: options.allowNetwork,
    protectedPaths,
  });
  let cleaned = false;
  return {
    file: BWRAP_PATH,
    args: [...args, 'bash', '-c', options.command],
    env: { TMPDIR: tmpDirectory },
    cleanup: () => {
      if (cleaned) return;
      cleaned = true;
      for (const placeholder of placeholders) releasePlaceholder(placeholder);
    },
  };
}

function releasePlaceholder(placeholder: string): void {
  const users = (placeholderUsers.get(placeholder) ?? 1) - 1;
  if (users > 0) {
    placeholderUsers.set(placeholder, users);
    return;
  }
  placeholderUsers.delete(placeholder);
  try {
    const stat = lstatSync(placeholder);
    // Only the empty file bubblewrap made as a mount point; anything else was made by someone outside.
    if (stat.isFile() && stat.size === 0) rmSync(placeholder);
  } catch {
    // Already gone.
  }
}

function resolveExisting(directory: string): string | undefined {
  try {
    return realpathSync(directory);
  } catch {
    return undefined;
  }
}
