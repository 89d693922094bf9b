/**
 * The processes codev starts (commands, hook scripts, the REPL): each marked so that a stop finds all it
 * started, tied to codev's life, so that nothing outlives it, and started without codev's credentials.
 */
export { OWNER_MARKER_KEY, createCommandMarker, type CommandMarker } from './command-marker.ts';
export { endWithCodev } from './end-with-codev.ts';
export { findMarkedProcesses } from './find-marked-processes.ts';
export { killProcessTree, KILL_GRACE_MS, SWEEP_BUDGET_MS } from './kill-process-tree.ts';
export { commandEnvironment, withheldVariables } from './command-environment.ts';
export type { EnvironmentInherit, EnvironmentPolicy } from './environment-policy.ts';
export { isCredentialName, isProviderSetting } from './is-credential-name.ts';
export { isCredentialValue } from './is-credential-value.ts';
export { redactSecrets } from './redact-secrets.ts';
export { redactSecretsInFile } from './redact-secrets-in-file.ts';
