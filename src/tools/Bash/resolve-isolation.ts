import { lstatSync } from 'node:fs';
import { protectedPlacesOf, protectionContextOf } from '../../permissions/protected-paths.ts';
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
    // A folder guessed as a hook's script (`cd "$CODEV_PROJECT_DIR" && …`) stays writable.
    protectedPlaces: protectedPlacesOf(protectionContextOf(context)).filter((place) => !place.file || !isDirectory(place.path)).map((place) => place.path),
  };
}

function isDirectory(target: string): boolean {
  try {
    return lstatSync(target).isDirectory();
  } catch {
    return false;
  }
}
