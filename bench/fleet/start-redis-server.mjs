/**
 * A redis-server of the fleet bench's own: a child process (never daemonized, so only its pid is ever
 * signalled) on a free loopback port, in a temp folder, with no snapshots and no append-only file
 * (`--save '' --appendonly no`), ready once it answers PING (10 s at most). `stop()` ends it (SIGTERM,
 * SIGKILL after 5 s) and removes the folder; the bench's owned resources kill it at exit too. Not run on
 * its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ownChild, ownFolder } from './owned-resources.mjs';
import { sleep } from './wait-until.mjs';

const READY_WITHIN_MS = 10_000;
const EXIT_WITHIN_MS = 5_000;

export async function startRedisServer() {
  const directory = ownFolder(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-bench-redis-')));
  const port = await freePort();
  const child = ownChild(
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory, '--daemonize', 'no', '--logfile', ''], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let log = '';
  const keep = (chunk) => void (log = (log + chunk.toString()).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const failed = new Promise((_, reject) => {
    child.once('error', (error) => reject(error.code === 'ENOENT' ? new Error('fleet bench: redis-server is not installed (apt-get install redis-server)') : error));
    child.once('exit', (code, signal) => reject(new Error(`fleet bench: redis-server exited (${signal ?? code}) before it answered on port ${port}:\n${log}`)));
  });
  failed.catch(() => {});
  const deadline = performance.now() + READY_WITHIN_MS;
  while (!(await Promise.race([answersPing(port), failed]))) {
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`fleet bench: redis-server on port ${port} did not answer PING within ${READY_WITHIN_MS} ms:\n${log}`);
    }
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
        await exited;
        clearTimeout(timer);
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when the server replies `+PONG`. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}
