/** What a Bash call returns (`call()`'s data). */
export interface BashOutput {
  stdout: string;
  stderr: string;
  /** Undefined for a command moved to the background. */
  exitCode?: number;
  /** The user interrupted the command (its process tree was killed). */
  interrupted: boolean;
  /** The command ran past its timeout and its process tree was killed. */
  timedOut: boolean;
  /** The timeout used, in ms (after clamping). */
  timeoutMs: number;
  /** Set when the requested timeout was above the maximum and was lowered. */
  timeoutClamped?: boolean;
  /** The id of the background task, when `run_in_background` was set. */
  backgroundTaskId?: string;
  /** The background task's output file. */
  outputFile?: string;
  /** The whole output, when it was too long to return inline. */
  persistedOutputPath?: string;
  /** The saved file's size in bytes. */
  persistedOutputSize?: number;
  /** The output passed the cap (`CODEV_BASH_MAX_OUTPUT_BYTES`, 1 GiB by default): the file stops there and the command was killed. */
  outputCapped?: boolean;
  outputLimitBytes?: number;
  /** Why the output file could not be written in full. */
  persistError?: string;
  /** Whether the command ran inside the bubblewrap sandbox. */
  sandboxed: boolean;
}

/** Default foreground timeout, ms. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Largest foreground timeout, ms; larger values are clamped. */
export const MAX_TIMEOUT_MS = 600_000;
/** Largest background lifetime, ms. */
export const MAX_BACKGROUND_TIMEOUT_MS = 7_200_000;
/** Output (stdout plus stderr) longer than this is persisted and cut. */
export const MAX_INLINE_OUTPUT_CHARS = 30_000;
