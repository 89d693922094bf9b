/** How commands are sandboxed, from the environment. */
export interface SandboxSettings {
  /** `CODEV_SANDBOX=0` (or `false`, `off`) turns the sandbox off. Default on. */
  enabled: boolean;
  /** `CODEV_SANDBOX_NETWORK=1` lets sandboxed commands use the network. Default off. */
  allowNetwork: boolean;
}

const OFF = new Set(['0', 'false', 'off', 'no']);
const ON = new Set(['1', 'true', 'on', 'yes']);

/** Reads the sandbox switches: `CODEV_SANDBOX` (default on) and `CODEV_SANDBOX_NETWORK` (default off). */
export function readSandboxSettings(environment: NodeJS.ProcessEnv = process.env): SandboxSettings {
  const enabled = !OFF.has((environment.CODEV_SANDBOX ?? '').trim().toLowerCase());
  const allowNetwork = ON.has((environment.CODEV_SANDBOX_NETWORK ?? '').trim().toLowerCase());
  return { enabled, allowNetwork };
}
