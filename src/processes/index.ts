/**
 * The processes codev starts (commands, hook scripts, the REPL): each marked so that a stop finds all it
 * started, and tied to codev's life, so that nothing outlives it.
 */
export { OWNER_MARKER_KEY, createCommandMarker, type CommandMarker } from './command-marker.ts';
export { endWithCodev } from './end-with-codev.ts';
export { findMarkedProcesses } from './find-marked-processes.ts';
export { killProcessTree, KILL_GRACE_MS, SWEEP_BUDGET_MS } from './kill-process-tree.ts';
