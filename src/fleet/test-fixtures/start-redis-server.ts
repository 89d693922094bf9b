import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { removeAtExit } from '../../testing/remove-at-exit.ts';
import { freePort } from './free-port.ts';

/** A redis-server this test process started and owns. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Its `--dir` (where an append-only file goes). */
  readonly directory: string;
  /** The running server's pid (a new one after `restart`). */
  readonly pid: number;
  /** SIGTERM, waits for the exit (SIGKILL after 5 s); removes the folder unless the caller gave it. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash: what was not yet on disk is lost. The folder stays, for `restart`. */
  kill9(): Promise<void>;
  /** Starts it again (stopping it first when it runs) on the same port and folder. */
  restart(): Promise<void>;
}

const READY_WITHIN_MS = 10_000;
const EXIT_WITHIN_MS = 5_000;
const LOG_TAIL = 8_000;
const running = new Set<ChildProcess>();
let exitListener = false;

/**
 * Starts `redis-server` on a free loopback port as a child process (never daemonized, so only its own pid
 * is ever signalled), in a temp folder (or `directory`), with no RDB snapshots and the append-only file
 * when `appendOnly` (fsync every second, as the fleet recommends), and waits until it answers PING
 * (10 s, then an error with its log). With `password` the server requires it (`requirepass`; `url` carries
 * none, so a test builds the URLs it means). A server still running when the test process exits is killed
 * then, and the temp folder removed. For tests only.
 */
export async function startRedisServer(options: { appendOnly?: boolean; directory?: string; port?: number; password?: string } = {}): Promise<RedisServer> {
  const directory = options.directory ?? removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-redis-')));
  const argumentsFor = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', options.appendOnly ? 'yes' : 'no', '--appendfsync', 'everysec', '--dir', directory, '--daemonize', 'no', '--logfile', '', ...(options.password === undefined ? [] : ['--requirepass', options.password])];
  let port = options.port ?? (await freePort());
  let child: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    try {
      child = await launch(argumentsFor(port), port);
      break;
    } catch (error) {
      // Another process took the free port between the look-up and the start: pick another.
      if (options.port !== undefined || attempt === 3 || !String(error).includes('Address already in use')) throw error;
      port = await freePort();
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    directory,
    get pid() {
      return child.pid!;
    },
    async stop() {
      await ended(child, 'SIGTERM');
      if (options.directory === undefined) rmSync(directory, { recursive: true, force: true });
    },
    async kill9() {
      await ended(child, 'SIGKILL');
    },
    async restart() {
      await ended(child, 'SIGTERM');
      child = await launch(argumentsFor(port), port);
    },
  };
}

async function launch(serverArguments: string[], port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', serverArguments, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-LOG_TAIL));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('redis-server is not installed: apt-get install redis-server (.ci/run does it)') : error),
    );
    child.once('exit', (code, signal) => reject(new Error(`redis-server exited (${signal ?? code}) before it answered on port ${port}:\n${log}`)));
  });
  failed.catch(() => {});
  if (child.pid !== undefined) {
    running.add(child);
    child.once('exit', () => running.delete(child));
    if (!exitListener) process.once('exit', killRunning);
    exitListener = true;
  }
  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await Promise.race([answersPing(port), failed]))) {
    if (Date.now() > deadline) {
      await ended(child, 'SIGKILL');
      throw new Error(`redis-server on port ${port} did not answer PING within ${READY_WITHIN_MS} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

/** Signals the child and waits for its exit; SIGKILL when SIGTERM is not enough within 5 s. */
async function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
  await exit;
  clearTimeout(timer);
}

function killRunning(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** True when the server replies `+PONG`, or `-NOAUTH` when it wants a password (not while it still loads its data: `-LOADING`). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
  });
}
