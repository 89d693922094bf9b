import { isSandboxAvailable, sandboxUnavailableReason } from '../../sandbox/is-sandbox-available.ts';
import { readSandboxSettings } from '../../sandbox/sandbox-settings.ts';
import type { ShellIsolation } from '../../tasks/start-shell-process.ts';
import type { ToolHook } from '../../hooks/types.ts';
import { protectedFilesOf } from '../../permissions/protected-files-of.ts';
import type { ToolContext } from '../../tool/types.ts';

/**
 * How a Bash call runs: in the sandbox (the working directories writable, network per
 * `CODEV_SANDBOX_NETWORK`) unless `CODEV_SANDBOX=0`, the call sets `dangerouslyDisableSandbox`, or bubblewrap
 * is unavailable (then `unavailable` says why).
 */
export function resolveIsolation(options: {
  dangerouslyDisableSandbox?: boolean;
  context: ToolContext & { pluginDirectories?: readonly string[]; hooks?: readonly ToolHook[]; protectedFiles?: readonly string[] };
}): ShellIsolation & { unavailable?: string } {
  const settings = readSandboxSettings();
  if (!settings.enabled || options.dangerouslyDisableSandbox) return { sandbox: false };
  if (!isSandboxAvailable()) return { sandbox: false, unavailable: sandboxUnavailableReason() };
  const { context } = options;
  return {
    sandbox: true,
    writableDirectories: [context.cwd, ...context.permissionContext.additionalWorkingDirectories],
    allowNetwork: settings.allowNetwork,
    pluginDirectories: context.pluginDirectories,
    hookFiles: protectedFilesOf(context),
  };
}
