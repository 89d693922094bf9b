/**
 * `codev ui` stopped while clients hold it: SIGTERM or SIGINT with connections open (idle keep-alive, a POST body
 * half sent, a request being answered) exits with the signal's code and leaves no process and no listener; a port
 * another process holds is UI_SERVE_FAILED (exit 1), and the default port, when busy, gives way to a free one.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killCodevProcesses, startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';
import { runCodev } from '../cli/run-codev.ts';

/** Bounds against a hang only. */
const LISTENING_WITHIN_MS = 60_000;
const EXIT_WITHIN_MS = 20_000;

let project: string;
const sockets: Socket[] = [];
const servers: Server[] = [];

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-faults-'));
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n');
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  killCodevProcesses();
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const env = () => ({ CODEV_SANDBOX: '0', NO_COLOR: '1', CODEV_UI_PAGE_DIR: process.env.CODEV_UI_PAGE_DIR });

async function serve(args: string[]): Promise<{ codev: CodevProcess; port: number; token: string }> {
  const codev = startCodevProcess({ args: ['ui', '--cwd', project, ...args], cwd: project, env: env() });
  await codev.waitForStderr({ pattern: /Ctrl-C stops it/, timeoutMs: LISTENING_WITHIN_MS });
  const [, port, token] = /127\.0\.0\.1:(\d+)\/\?token=(\S+)\n/.exec(codev.stderr())!;
  return { codev, port: Number(port), token: token! };
}

/** A raw connection that wrote `text` and is kept open; resolves once connected. */
function hold(port: number, text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => (socket.write(text), resolve(socket)));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    // Read (and drop) what comes, so that the end of the connection is seen.
    socket.resume();
    sockets.push(socket);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

describe('codev ui under signals', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s with connections open: exits %i, the connections closed, nothing listening', { timeout: 120_000 }, async (signal, code) => {
    const { codev, port, token } = await serve(['--port', '0']);
    const host = `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n`;
    const idle = await hold(port, `GET /api/nothing HTTP/1.1\r\n${host}\r\n`);
    const halfBody = await hold(port, `POST /api/nothing HTTP/1.1\r\n${host}Content-Type: application/json\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\n{"a":`);
    const halfHeaders = await hold(port, `GET / HTTP/1.1\r\n${host}`);
    expect(await codev.stop({ signal, timeoutMs: EXIT_WITHIN_MS })).toBe(code);
    await Promise.all([closed(idle), closed(halfBody), closed(halfHeaders)]);
    expect(await listening(port)).toBe(false);
  });
});

describe('codev ui and a port in use', () => {
  it('--port of a port another process holds: UI_SERVE_FAILED, exit 1', { timeout: 60_000 }, async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const run = await runCodev(['ui', '--port', String(port), '--cwd', project], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('UI_SERVE_FAILED');
    expect(run.stderr).toContain(String(port));
  });

  it('the default port (7357) busy: serves on another, and says so', { timeout: 120_000 }, async () => {
    const taken = createServer();
    servers.push(taken);
    // Held here, or already held by another process of this machine: busy either way.
    await new Promise<void>((resolve) => taken.once('error', () => resolve()).listen(7357, '127.0.0.1', resolve));
    const { codev, port } = await serve([]);
    expect(port).not.toBe(7357);
    expect(codev.stderr()).toContain('port 7357 is busy');
    expect(await codev.stop({ signal: 'SIGTERM', timeoutMs: EXIT_WITHIN_MS })).toBe(143);
  });
});
