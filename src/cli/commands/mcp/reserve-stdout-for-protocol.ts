import { Writable } from 'node:stream';

const CONSOLE_TO_STDOUT = ['log', 'info', 'debug'] as const;

/**
 * Keeps stdout for the MCP protocol, for the rest of the process: returns the one stream that still writes to
 * the real stdout (the transport's), and sends every other write there to stderr: `process.stdout.write` and
 * the console methods that print to stdout, whoever calls them (a plugin at load or in a call, a warning,
 * a worker thread's output, which Node pipes into `process.stdout`). One stray line on stdout would be read
 * by the client as a broken message. A write straight to file descriptor 1 (`fs.writeSync(1, ...)`) is not
 * caught; the processes codev starts write into pipes of their own.
 */
export function reserveStdoutForProtocol(stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Writable {
  const write = stdout.write.bind(stdout);
  stdout.write = ((...args: Parameters<NodeJS.WriteStream['write']>) => stderr.write(...(args as [string]))) as NodeJS.WriteStream['write'];
  // The global console already writes through process.stdout.write; another runtime's may hold its own reference.
  for (const method of CONSOLE_TO_STDOUT) console[method] = (...args: unknown[]) => console.error(...args);
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      write(chunk, callback);
    },
  });
}
