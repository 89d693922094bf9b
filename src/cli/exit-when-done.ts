/**
 * Ends the CLI with `code` once what it wrote to stdout and stderr has been handed to the system: the
 * command's work is done, and whatever a plugin, a hook or a script left scheduled (an endless
 * `setInterval`, a socket it never closed) must not keep codev running. The `exit` handlers still end the
 * processes codev started. Long-running commands (`codev worker`, `codev queue watch`, `codev run --watch`)
 * return only when they are done, so this never cuts their work short.
 */
export async function exitWhenDone(
  code: number,
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  process.exitCode = code;
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
