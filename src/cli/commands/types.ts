import type { StopSignal } from './listen-for-stop-signals.ts';

/** What a command may touch: its output streams, stdin, the directory and the environment. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** True when stdout is a terminal (spinners, colors, interactive prompts). */
  isTTY?: boolean;
  /** True when stderr is a terminal (where spinners are drawn); unknown counts as true when stdout is one. */
  stderrIsTTY?: boolean;
  /** The terminal's width when stdout is one, read when asked (it changes when the window is resized). */
  readonly columns?: number;
  /** The terminal to ask permission questions on, when there is one. */
  terminal?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream };
  /**
   * Calls `handler` on the first Ctrl-C (SIGINT) or SIGTERM (`docker stop`, a service manager, `kill`), for
   * the command to stop cleanly and exit with the signal's code (`STOP_EXIT_CODES`); a second signal quits
   * at once. Returns a function that stops listening.
   */
  onInterrupt?: (handler: (signal: StopSignal) => void) => () => void;
  /**
   * The command's work goes on after it returns (a plain script `codev run` imported, with work it did not
   * await): the process ends when nothing is left to do, as `node script.mjs` does, not as soon as the
   * command returns.
   */
  endWhenIdle?: () => void;
}
