import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { HOOK_MANAGER_FILES } from '../../permissions/protected/git-places.ts';
import { MAKEFILE_NAMES } from '../../permissions/protected/makefiles-run.ts';
import { nestedPlacesOf } from '../../permissions/protected/nested-places.ts';
import { PACKAGE_MANAGER_FILE_NAMES } from '../../permissions/protected/package-manager-files.ts';
import { protectedPlacesOf, protectionContextOf, type ProtectedPlace } from '../../permissions/protected-paths.ts';
import { isSandboxAvailable, sandboxUnavailableReason } from '../../sandbox/is-sandbox-available.ts';
import { readSandboxSettings } from '../../sandbox/sandbox-settings.ts';
import type { ShellIsolation } from '../../tasks/start-shell-process.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { ToolContext } from '../../tool/types.ts';

/** Whether a Bash call runs in the sandbox, and why not when bubblewrap is missing. Cheap: no file is looked at. */
export function sandboxChoice(options: { dangerouslyDisableSandbox?: boolean }): { sandbox: boolean; unavailable?: string } {
  if (!readSandboxSettings().enabled || options.dangerouslyDisableSandbox) return { sandbox: false };
  if (!isSandboxAvailable()) return { sandbox: false, unavailable: sandboxUnavailableReason() };
  return { sandbox: true };
}

/**
 * How a Bash call runs: in the sandbox (the working directories writable, the protected places inside
 * them kept read-only, network per `CODEV_SANDBOX_NETWORK`) unless `CODEV_SANDBOX=0`, the call sets
 * `dangerouslyDisableSandbox`, or bubblewrap is unavailable (then `unavailable` says why).
 */
export function resolveIsolation(options: { dangerouslyDisableSandbox?: boolean; context: ToolContext & Partial<ToolUseContext> }): ShellIsolation & { unavailable?: string } {
  const choice = sandboxChoice(options);
  if (!choice.sandbox) return { sandbox: false, ...(choice.unavailable ? { unavailable: choice.unavailable } : {}) };
  const { context } = options;
  const writableDirectories = [context.cwd, ...context.permissionContext.additionalWorkingDirectories];
  const places = protectedPlacesOf(protectionContextOf(context));
  const unrooted = places.some((place) => place.loadsFolders === 'unrooted');
  return {
    sandbox: true,
    writableDirectories,
    allowNetwork: readSandboxSettings().allowNetwork,
    protectedPlaces: sandboxedPlaces([...places, ...nestedPlacesOf(writableDirectories, { unrooted }).map((place) => ({ ...place, why: 'found below a working directory' }))]),
  };
}

/**
 * Missing files a program looks for by name (`make` tries GNUmakefile, makefile, then Makefile; yarn,
 * pnpm and bun their own files; hook managers their configs): a placeholder folder there stops it (`GNUmakefile: Is a directory`).
 */
const LOOKED_UP_BY_NAME = new Set([...MAKEFILE_NAMES, ...PACKAGE_MANAGER_FILE_NAMES, ...HOOK_MANAGER_FILES]);

/**
 * The protected places the sandbox mounts: not a folder guessed as a hook's script (`cd
 * "$CODEV_PROJECT_DIR" && …` stays writable), not the missing config names once a config file exists
 * (loading refuses a second one, so they need no placeholder), not a missing file a program looks up by
 * name (left to the permission check), not names protected at any depth (a mount
 * needs a path), and of a git directory found through a `.git` file only what makes git run programs or
 * read another configuration (commits still work).
 */
function sandboxedPlaces(places: readonly ProtectedPlace[]): string[] {
  const kinds = new Map(places.map((place) => [place.path, lstatIfPresent(place.path)]));
  const configured = places.some((place) => place.config && kinds.get(place.path)?.isFile());
  return places
    .filter((place) => !place.loadsFolders && !(place.file && kinds.get(place.path)?.isDirectory()) && !(place.config && configured && !kinds.get(place.path)) && !(place.file && !kinds.get(place.path) && LOOKED_UP_BY_NAME.has(path.basename(place.path))))
    .flatMap((place) => (place.repository ? gitInternals(place.path) : [place.path]));
}

/**
 * Inside a git directory, what makes git run programs or read another configuration: blocked where
 * missing when an empty folder (or `commondir` holding `.`) is harmless there, else only when present.
 */
function gitInternals(gitDirectory: string): string[] {
  const always = ['hooks', 'modules', 'worktrees', 'commondir'].map((name) => path.join(gitDirectory, name));
  const present = ['config', 'config.worktree', 'info'].map((name) => path.join(gitDirectory, name)).filter((internal) => lstatIfPresent(internal));
  return [...always, ...present];
}

