/** The signals that stop a long-running command. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** 128 + the signal's number, as a shell reports a process that a signal ended: a command a signal stopped exits with it. */
export const STOP_EXIT_CODES: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Calls `onStop` on the first SIGINT (Ctrl-C) or SIGTERM (a service manager, `docker stop`, `kill`); a
 * second one of either ends the process at once (exit 130 or 143), for when stopping cleanly takes too
 * long. Returns a function that stops listening, after which the signals do what they did before.
 */
export function listenForStopSignals(onStop: (signal: StopSignal) => void): () => void {
  let stopping = false;
  const listener = (signal: StopSignal) => {
    if (stopping) process.exit(STOP_EXIT_CODES[signal]);
    stopping = true;
    onStop(signal);
  };
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return () => {
    process.off('SIGINT', listener);
    process.off('SIGTERM', listener);
  };
}
