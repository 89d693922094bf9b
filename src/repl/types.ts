/** The REPL engine's vocabulary: the messages between host and worker, and what one run gives back. Types only. */

/** Host → worker: run one transformed cell. */
export interface ReplRunMessage {
  type: 'run';
  runId: number;
  /** The code after `transformReplCode`: a script whose completion value is a promise of the result. */
  code: string;
  /** Tools to expose as functions (and in `tools`); names that are not identifiers only in `tools`. */
  toolNames: readonly string[];
  /** Lines of the user's code: stack frames past them are the wrapper's and are left out of errors. */
  lineCount: number;
  /** Characters of stdout and of stderr kept per run; the rest is counted, not kept. */
  maxOutputChars: number;
}

/** Host → worker: the answer to one inner tool call. */
export type ReplToolAnswerMessage =
  | { type: 'tool-result'; callId: number; ok: true; /** The call's data as JSON; absent for `undefined`. */ outputJson?: string }
  | { type: 'tool-result'; callId: number; ok: false; status: string; message: string };

/** Everything the host sends. */
export type ReplHostMessage = ReplRunMessage | ReplToolAnswerMessage;

/** Worker → host messages. */
export type ReplWorkerMessage =
  | { type: 'ready' }
  | { type: 'output'; runId: number; stream: 'stdout' | 'stderr'; text: string }
  | { type: 'tool'; runId: number; callId: number; name: string; inputJson: string }
  | { type: 'done'; runId: number; /** `util.inspect` of the value, absent when it was `undefined`. */ result?: string; error?: string };

/** One inner call the user's code made, as the host receives it. */
export interface ReplToolCall {
  name: string;
  input: unknown;
}

/** How the host answers an inner call (the tool layer runs it through the lifecycle). */
export type ReplToolAnswer =
  | { ok: true; output: unknown }
  | { ok: false; status: string; message: string };

/** Why a run lost the REPL state. */
export type ReplResetReason = 'timeout' | 'abort' | 'crash';

/** How one run ended. */
export interface ReplRunOutcome {
  /** `util.inspect` of the last expression's value; undefined when it was `undefined` or the run failed. */
  result?: string;
  stdout: string;
  stderr: string;
  /** The uncaught error (name, message and the frames in the user's code), or why the run was cut. */
  error?: string;
  /** Set when the worker was killed or died: the next run starts on a fresh state. */
  reset?: ReplResetReason;
}

/** The callbacks and limits of one run. */
export interface ReplRunOptions {
  /** Transformed code (see `transformReplCode`). */
  code: string;
  /** Lines of the code as the user wrote it (`TransformedReplCode.lineCount`). */
  lineCount: number;
  toolNames: readonly string[];
  timeoutMs: number;
  /** Aborting kills the worker (the state is lost). */
  signal: AbortSignal;
  /**
   * Runs one inner call. `signal` aborts when the run ends (calls not awaited by then are cancelled);
   * `pauseClock` stops the timeout while the host waits on something that is not the code's own time
   * (a permission prompt) and returns the function that restarts it.
   */
  onToolCall(call: ReplToolCall, handles: { signal: AbortSignal; pauseClock(): () => void }): Promise<ReplToolAnswer>;
  /** Output as the code prints it (batched). */
  onOutput?(stream: 'stdout' | 'stderr', text: string): void;
}
