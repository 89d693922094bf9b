import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { CommandIo } from '../types.ts';

/** Set (to the launcher's pid) in the environment of the server process `serveInChild` starts; removed by it at once (see `openProtocolChannel`). */
export const PROTOCOL_CHILD_KEY = 'CODEV_MCP_SERVE_CHILD';

/** The child's file descriptors: 3 is the client's stdout (the protocol's alone), 4 the lifeline from this process. */
export const PROTOCOL_FD = 3;
export const LIFELINE_FD = 4;

/**
 * Whether this runtime hands a child the descriptors `serveInChild` asks for. Deno's node:child_process does not
 * (2.9: a numbered entry past stdin becomes the child's stderr, so the protocol went to stderr and the client
 * heard nothing): there `codev mcp serve` serves in its own process, stdout kept for the protocol at the
 * JavaScript level (see reserveStdoutForProtocol).
 */
export const PASSES_DESCRIPTORS = (process.versions as { deno?: string }).deno === undefined;

/** Signals passed on to the server; SIGHUP (the terminal or the client went) stops it as SIGTERM does, cleanly. */
const PASSED_ON = { SIGINT: 'SIGINT', SIGTERM: 'SIGTERM', SIGHUP: 'SIGTERM' } as const;

/**
 * Over stdio, runs the server in a child process whose file descriptor 1 is this process's stderr, and hands
 * it the real stdout as descriptor 3, which only its MCP transport writes. Whatever else writes to fd 1 in
 * there (a plugin's `console.log` or `fs.writeSync(1, ...)`, a hook or a process started with
 * `stdio: 'inherit'`, a worker, a native addon) lands on stderr: Node cannot move a descriptor of its own
 * process (no dup2), so the process is the one thing that can be given a different fd 1.
 * The child shares stdin; it is in a process group of its own, so a terminal's Ctrl-C reaches it once,
 * through here; it holds a pipe (fd 4) from this process and stops, cleanly, once that closes: a SIGKILL
 * of this process, the one the client knows, does not leave the server running. Resolves with its exit code,
 * or at once on a second stop signal (128 + its number), leaving the stopping server to end its sessions.
 * bin/codev.mjs calls it for `codev mcp serve` before loading the CLI (see `isServeOverStdio`), so this
 * process costs a Node start and this file only.
 */
export function serveInChild(options: { argv: readonly string[]; io: Pick<CommandIo, 'cwd' | 'env' | 'stderr'> }): Promise<number> {
  const script = process.argv[1]!;
  const child = spawn(process.execPath, [...process.execArgv, script, 'mcp', 'serve', ...options.argv], {
    cwd: options.io.cwd,
    env: { ...options.io.env, [PROTOCOL_CHILD_KEY]: String(process.pid) },
    stdio: [0, 2, 2, 1, 'pipe'],
    detached: true,
  });
  let quitNow!: (code: number) => void;
  let stopping = false;
  // The first signal only is passed on: a second one would make the server quit at once, its session
  // folders left behind, and clients escalate on their own clock (Claude Code: SIGINT, then SIGTERM 100 ms
  // later, SIGKILL 400 ms after that), not on the server's. This process quits at once on it instead,
  // as the CLI does on a second signal; the server, already stopping, ends its sessions within its grace.
  const passOn = (signal: keyof typeof PASSED_ON) => {
    if (stopping) return quitNow(128 + constants.signals[PASSED_ON[signal]]);
    stopping = true;
    child.kill(PASSED_ON[signal]);
  };
  for (const signal of Object.keys(PASSED_ON) as (keyof typeof PASSED_ON)[]) process.on(signal, passOn);
  return new Promise<number>((resolve) => {
    quitNow = resolve;
    child.once('error', (error) => {
      options.io.stderr(`codev mcp serve: cannot start the server process: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  }).finally(() => {
    for (const signal of Object.keys(PASSED_ON)) process.off(signal, passOn);
    child.stdio[LIFELINE_FD]?.destroy();
  });
}

/**
 * Whether `argv` (the CLI's) is `codev mcp serve` over stdio, in a process that is not already the server:
 * bin/codev.mjs then starts the server process at once. Anything else (help, http, a value that looks like a
 * flag) takes the CLI's usual way, where `codev mcp serve` still calls serveInChild for stdio.
 */
export function isServeOverStdio(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  if (!PASSES_DESCRIPTORS || argv[0] !== 'mcp' || argv[1] !== 'serve' || env[PROTOCOL_CHILD_KEY] !== undefined) return false;
  const options = argv.slice(2);
  const stdio = (arg: string, index: number) => arg === '--transport=stdio' || (arg === '--transport' && options[index + 1] === 'stdio');
  return options.every((arg, index) => arg !== '--help' && arg !== '-h' && (!arg.startsWith('--transport') || stdio(arg, index)));
}
