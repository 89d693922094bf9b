import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { buildBwrapArguments } from './build-bwrap-arguments.ts';
import { BWRAP_PATH } from './is-sandbox-available.ts';
import { planSandboxMounts, type SandboxMount } from './plan-sandbox-mounts.ts';
import { acquirePlaceholders, isOwnPlaceholder } from './placeholders.ts';

/** What to spawn for a sandboxed command, and what to undo after it ends. */
export interface SandboxedSpawn {
  file: string;
  args: string[];
  /** Extra environment: `TMPDIR` points at the writable temp directory. */
  env: Record<string, string>;
  /** Releases the placeholders made for this sandbox (removed a moment after no sandbox uses them). Call once, after exit. */
  cleanup(): void;
}

/**
 * Wraps `bash -c <command>` in bubblewrap: read-only root, the working directories and a temp directory
 * writable, the protected places inside them read-only (or blocked where they do not exist yet, and the
 * folders above them kept from being renamed), denied paths hidden or read-only, no network unless
 * `allowNetwork`. Paths are resolved through symlinks first, so a symlinked working directory binds its
 * real target and a protected place reached through a link is protected where it really is. The
 * environment goes in whole (no `--clearenv`): the command's mark (see `createCommandMarker`) must reach
 * every process inside, so that a stop finds what bubblewrap had not yet tied to its own life.
 */
export function prepareSandboxedSpawn(options: {
  command: string;
  cwd: string;
  writableDirectories: readonly string[];
  tmpDirectory: string;
  allowNetwork: boolean;
  /** Absolute, existing or not (see `protectedPlacesOf`). */
  protectedPlaces?: readonly string[];
  /** Existing paths a Read rule denies: hidden. */
  hiddenPaths?: readonly string[];
  /** Existing paths an Edit rule denies: read-only. */
  readOnlyPaths?: readonly string[];
}): SandboxedSpawn {
  // Private, like the session folder it usually lies in (and which it may be the first to create).
  mkdirSync(options.tmpDirectory, { recursive: true, mode: 0o700 });
  const working = options.writableDirectories.map(resolveExisting).filter((directory): directory is string => directory !== undefined);
  const tmpDirectory = realpathSync(options.tmpDirectory);
  const mounts: SandboxMount[] = [
    ...[...working, tmpDirectory].map((directory): SandboxMount => ({ kind: 'writable', path: directory })),
    ...planSandboxMounts({
      writableDirectories: working,
      places: (options.protectedPlaces ?? []).map(resolveAnyway),
      hidden: (options.hiddenPaths ?? []).map(resolveAnyway),
      readOnly: (options.readOnlyPaths ?? []).map(resolveAnyway),
      absent: isOwnPlaceholder,
    }),
  ];
  const release = acquirePlaceholders(
    mounts.filter((mount) => mount.kind === 'block').map((mount) => mount.path),
    mounts.filter((mount) => mount.kind === 'read-only').map((mount) => mount.path),
  );
  const args = buildBwrapArguments({ cwd: resolveExisting(options.cwd) ?? options.cwd, mounts, allowNetwork: options.allowNetwork });
  return { file: BWRAP_PATH, args: [...args, 'bash', '-c', options.command], env: { TMPDIR: tmpDirectory }, cleanup: release };
}

function resolveExisting(directory: string): string | undefined {
  if (!existsSync(directory)) return undefined;
  try {
    return realpathSync(directory);
  } catch {
    return undefined;
  }
}

/** The real path, or for a missing one its deepest existing folder's real path joined with the rest. */
function resolveAnyway(target: string): string {
  const found = resolveExisting(target);
  if (found) return found;
  const parent = path.dirname(target);
  return parent === target ? target : path.join(resolveAnyway(parent), path.basename(target));
}
