/** The bubblewrap sandbox of the Bash tool. */
export { buildBwrapArguments } from './build-bwrap-arguments.ts';
export { planSandboxMounts, type SandboxMount } from './plan-sandbox-mounts.ts';
export { isSandboxAvailable, sandboxUnavailableReason, BWRAP_PATH } from './is-sandbox-available.ts';
export { prepareSandboxedSpawn, type SandboxedSpawn } from './prepare-sandboxed-spawn.ts';
export { readSandboxSettings, type SandboxSettings } from './sandbox-settings.ts';
export { acquirePlaceholders, hasIdlePlaceholders, isOwnPlaceholder, removeLeftoverPlaceholders, sweepPlaceholders } from './placeholders.ts';
