import { lstatIfPresent } from '../../files/lstat-if-present.ts';
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
  return {
    sandbox: true,
    writableDirectories: [context.cwd, ...context.permissionContext.additionalWorkingDirectories],
    allowNetwork: readSandboxSettings().allowNetwork,
    protectedPlaces: sandboxedPlaces(protectedPlacesOf(protectionContextOf(context))),
  };
}

/**
 * The protected places the sandbox mounts: not a folder guessed as a hook's script (`cd
 * "$CODEV_PROJECT_DIR" && …` stays writable), and not the missing config names once a config file exists
 * (loading refuses a second one, so they need no placeholder).
 */
function sandboxedPlaces(places: readonly ProtectedPlace[]): string[] {
  const kinds = new Map(places.map((place) => [place.path, lstatIfPresent(place.path)]));
  const configured = places.some((place) => place.config && kinds.get(place.path)?.isFile());
  return places.filter((place) => !(place.file && kinds.get(place.path)?.isDirectory()) && !(place.config && configured && !kinds.get(place.path))).map((place) => place.path);
}

