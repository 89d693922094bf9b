/** The REPL engine: cells transformed in the host, run in a persistent, permission-confined Node worker. */
export { buildReplCommand, type ReplWrapper } from './build-repl-command.ts';
export { createPausableTimer, type PausableTimer } from './create-pausable-timer.ts';
export { getReplSession, resetReplSessions } from './get-repl-session.ts';
export { MAX_CAPTURED_OUTPUT_CHARS, ReplSession } from './repl-session.ts';
export { REPL_START_TIMEOUT_MS, startReplProcess, type ReplProcess } from './start-repl-process.ts';
export { transformReplCode, type TransformedReplCode } from './transform-repl-code.ts';
export type * from './types.ts';
