import { createWriteStream, fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { LIFELINE_FD, PROTOCOL_CHILD_KEY, PROTOCOL_FD } from './serve-in-child.ts';

/** The server's side of `serveInChild`: the protocol's output and the signal that the launcher is gone. */
export interface ProtocolChannel {
  /** The client's stdout: only the MCP transport writes here. */
  readonly protocol: Writable;
  /** Aborted once the launcher is gone (its pipe closed) or the client stopped reading (EPIPE). */
  readonly gone: AbortSignal;
}

/**
 * In the server process `serveInChild` started (its mark in `env`), opens the descriptors it was handed;
 * undefined in any other process. The mark is removed from `env` so that no process the tools start (a
 * nested `codev mcp serve` included) takes itself for one.
 */
export function openProtocolChannel(env: Record<string, string | undefined>): ProtocolChannel | undefined {
  const value = env[PROTOCOL_CHILD_KEY];
  if (value === undefined) return undefined;
  delete env[PROTOCOL_CHILD_KEY];
  // The mark is the launcher's pid: one set by hand or leaked (fds 3 and 4 are then Node's own, not pipes) is none.
  if (Number(value) !== process.ppid) return undefined;
  const gone = new AbortController();
  const protocol = openOutput(PROTOCOL_FD);
  // A client that closed its end: nobody reads what comes next; the sessions end as when it closes stdin.
  protocol.on('error', () => gone.abort());
  const lifeline = new Socket({ fd: LIFELINE_FD, readable: true, writable: false });
  lifeline.on('error', () => gone.abort());
  lifeline.on('close', () => gone.abort());
  lifeline.resume();
  lifeline.unref();
  return { protocol, gone: gone.signal };
}

function openOutput(fd: number): Writable {
  const kind = fstatSync(fd);
  // A pipe or a socket (what clients give) is written without blocking; a file (a redirect) through fs.
  if (kind.isFIFO() || kind.isSocket()) return new Socket({ fd, readable: false, writable: true });
  return createWriteStream('', { fd });
}
