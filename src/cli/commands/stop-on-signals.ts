import { STOP_EXIT_CODES, type StopSignal } from './listen-for-stop-signals.ts';
import type { CommandIo } from './types.ts';

/** A command that stops cleanly on a signal (see `stopOnSignals`). */
export interface CommandStop {
  /** Aborted by the first SIGINT or SIGTERM: the command's work ends as an interrupt ends it. */
  readonly signal: AbortSignal;
  /** The exit code the signal that stopped the command asks for (130, 143); undefined while none came. */
  readonly exitCode: number | undefined;
  /** Stops listening: the signals do again what they did before. */
  dispose(): void;
}

/**
 * From now until `dispose()`, the first SIGINT or SIGTERM (`io.onInterrupt`) aborts the command's `signal`
 * and sets the exit code it asks for; a second one quits at once. A command with no way to hear signals
 * (a test's io) gets a signal that never aborts.
 */
export function stopOnSignals(io: CommandIo): CommandStop {
  const controller = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stopListening = io.onInterrupt?.((signal) => {
    stoppedBy ??= signal;
    controller.abort();
  });
  return {
    signal: controller.signal,
    get exitCode() {
      return stoppedBy && STOP_EXIT_CODES[stoppedBy];
    },
    dispose: () => stopListening?.(),
  };
}
