/** 128 + SIGPIPE (13): what a shell reports for a program a closed pipe stopped, as in `git log | head -1`. */
export const CLOSED_OUTPUT_EXIT_CODE = 141;

/**
 * When the reader of stdout or stderr goes away (`codev run agent.ts | head -1`), Node reports EPIPE as an
 * error event on the stream, which, unhandled, ends the process with a stack trace. Nobody reads what codev
 * would write next, so it stops as a program killed by SIGPIPE does: at once, quietly, with 141. The
 * `exit` handlers still end the processes codev started; the next start removes what the run left behind.
 * Other stream errors are not ours to hide: they are thrown again.
 */
export function quitOnClosedOutput(
  streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      exit(CLOSED_OUTPUT_EXIT_CODE);
    });
  }
}
