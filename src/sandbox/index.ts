/** The bubblewrap sandbox of the Bash tool. */
export { buildBwrapArguments, type ProtectedPath } from './build-bwrap-arguments.ts';
export { findProtectedPaths, PROTECTED_NAMES, PROTECTED_EXISTING_NAMES } from './find-protected-paths.ts';
export { isSandboxAvailable, sandboxUnavailableReason, BWRAP_PATH } from './is-sandbox-available.ts';
export { prepareSandboxedSpawn, type SandboxedSpawn } from './prepare-sandboxed-spawn.ts';
export { readSandboxSettings, type SandboxSettings } from './sandbox-settings.ts';
