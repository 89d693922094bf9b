import { spawnSync } from 'node:child_process';

/** Where bubblewrap is looked for. */
export const BWRAP_PATH = process.env.CODEV_BWRAP_PATH ?? 'bwrap';

let probed: { available: boolean; reason?: string } | undefined;

/**
 * Whether bubblewrap can sandbox commands here: Linux, `bwrap` on the PATH, and `bwrap --ro-bind / / true`
 * actually succeeding (user namespaces may be disabled). Probed once per process.
 */
export function isSandboxAvailable(): boolean {
  return probeSandbox().available;
}

/** Why the sandbox is unavailable (for messages), or undefined when it is available. */
export function sandboxUnavailableReason(): string | undefined {
  return probeSandbox().reason;
}

function probeSandbox(): { available: boolean; reason?: string } {
  if (probed) return probed;
  if (process.platform !== 'linux') return (probed = { available: false, reason: `the sandbox needs Linux (this is ${process.platform})` });
  const result = spawnSync(BWRAP_PATH, ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net', 'true'], { stdio: 'ignore', timeout: 5_000 });
  if (result.error) return (probed = { available: false, reason: `bubblewrap (bwrap) is not installed: ${result.error.message}` });
  if (result.status !== 0) return (probed = { available: false, reason: `bubblewrap (bwrap) does not work here (exit code ${result.status})` });
  return (probed = { available: true });
}
