import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';

const HINTS: Record<string, (host: string, port: number) => string> = {
  EADDRINUSE: (_host, port) => `Another process listens on port ${port}: stop it, or pick another port (--port N, or 0 for any free one).`,
  EACCES: (_host, port) => `Port ${port} needs privileges this process lacks: pick one above 1024 (--port N), or 0 for any free one.`,
  EADDRNOTAVAIL: (host) => `${host} is not an address of this machine: use 127.0.0.1, or one of its interfaces' addresses.`,
  ENOTFOUND: (host) => `${host} does not resolve: use 127.0.0.1, or an address of this machine.`,
};

/**
 * Listens on host:port and resolves the port bound; a failure is `code` (MCP_SERVE_FAILED by default) naming what
 * was to be served, both, and the fix (`cause.code` says which). `codev mcp serve --transport http` and `codev ui`.
 */
export function listenHttp(server: Server, options: { host: string; port: number; code?: 'MCP_SERVE_FAILED' | 'UI_SERVE_FAILED'; serving?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const hint = HINTS[error.code ?? '']?.(options.host, options.port) ?? 'Check the host and port, or pick others.';
      reject(new CodevError(options.code ?? 'MCP_SERVE_FAILED', `Cannot serve ${options.serving ?? 'MCP'} on ${options.host}:${options.port}: ${errorMessage(error)}`, { hint, cause: error }));
    };
    server.once('error', onError);
    try {
      server.listen(options.port, options.host, () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    } catch (error) {
      // A port out of range or not a number throws at once rather than emitting 'error'.
      onError(error as NodeJS.ErrnoException);
    }
  });
}
