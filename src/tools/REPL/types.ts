/** The REPL tool's data and options. Types only. */
import type { ReplResetReason } from '../../repl/types.ts';
import type { Tool } from '../../tool/types.ts';

/** What a REPL call returns. */
export interface ReplOutput {
  /** The code as the model sent it. */
  code: string;
  /** `util.inspect` of the last expression's value; undefined when it was `undefined` or the code failed. */
  result?: string;
  /** What `console.log`/`info`/`debug` printed (capped at 200,000 characters). */
  stdout: string;
  /** What `console.error`/`warn` printed, and uncaught errors of earlier async work. */
  stderr: string;
  /** A syntax error (`line:column`), an uncaught error with its frames, or why the run was cut (timeout, interrupt, crash: the state was reset). */
  error?: string;
  /** How many inner tool calls the code made. */
  toolCalls: number;
  /** Set when the worker was killed or died during the call: every declaration is gone. */
  stateReset?: ReplResetReason;
}

/** Options of `createReplTool`. */
export interface ReplToolOptions {
  /**
   * Tools callable from the code even though they are not in the pool (the primitives REPL mode hides, e.g.
   * Read, Glob, Grep, Bash). Asked at every call and prompt; names already in the pool are skipped.
   */
  primitives?: () => readonly Tool[];
}
