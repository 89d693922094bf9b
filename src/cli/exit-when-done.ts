/**
 * Ends the CLI with `code` once what it wrote to stdout and stderr has been handed to the system: the
 * command's work is done, and whatever a plugin, a hook or a script left scheduled (an endless
 * `setInterval`, a socket it never closed) must not keep codev running. The `exit` handlers still end the
 * processes codev started. Long-running commands (`codev worker`, `codev queue watch`, `codev run --watch`)
 * return only when they are done, so this never cuts their work short; a command whose work goes on after it
 * returned says so with `endWhenIdle`.
 */
/** Set by `endWhenIdle`: the command's own work may go on after it returned. */
let untilIdle = false;

/**
 * The command's work goes on after it returned (a plain script `codev run` imported, whose top level started
 * work it did not await): the process then ends when nothing is left to do, as `node script.mjs` does, with
 * the command's code, instead of at once.
 */
export function endWhenIdle(): void {
  untilIdle = true;
}

export async function exitWhenDone(
  code: number,
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  process.exitCode = code;
  if (untilIdle) return;
  await Promise.all(streams.map(flushed));
  exit(code);
}

/** Resolves once everything written to `stream` so far is written (at once for a stream already closed). */
function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    if (!stream.writable) return resolve();
    // Writes go out in order: the callback of an empty one runs once the ones before it are done.
    stream.write('', () => resolve());
  });
}
