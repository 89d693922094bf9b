import type { getReplSession } from '../../repl/get-repl-session.ts';
import type { transformReplCode } from '../../repl/transform-repl-code.ts';

/** What a REPL call runs with: the code's transform (acorn, 230 KB) and the session that runs it (a child process). */
export interface LoadedRepl {
  transformReplCode: typeof transformReplCode;
  getReplSession: typeof getReplSession;
}

let loading: Promise<LoadedRepl> | undefined;

/** The REPL's machinery, loaded at the first REPL call, once per process: a process that runs no REPL code never loads it. */
export function loadRepl(): Promise<LoadedRepl> {
  loading ??= Promise.all([import('../../repl/transform-repl-code.ts'), import('../../repl/get-repl-session.ts')]).then(([transform, session]) => ({
    transformReplCode: transform.transformReplCode,
    getReplSession: session.getReplSession,
  }));
  return loading;
}
