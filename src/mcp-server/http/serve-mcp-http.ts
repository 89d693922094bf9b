import { createServer } from 'node:http';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { McpHttpServer, ServeMcpHttpOptions } from '../types.ts';
import { createRequestAccessCheck, requireTokenOffLoopback } from './check-request-access.ts';
import { handleMcpRequest, type McpRequestRouting } from './handle-mcp-request.ts';
import { createHttpSessions } from './http-sessions.ts';
import { listenHttp } from './listen-http.ts';
import { loadHttpTransport } from './load-http-transport.ts';
import { writeJsonRpcError } from './write-json-rpc-error.ts';

const DEFAULTS = { host: '127.0.0.1', port: 0, path: '/mcp', maxSessions: 32, sessionIdleMs: 30 * 60_000, maxBodyBytes: 4 * 1024 * 1024, bodyTimeoutMs: 30_000 };
/** How long `close()` waits for sessions to end and sockets to close before it lets go. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Serves a CodevMcpServer over Streamable HTTP on node:http: one SDK transport and one server session per client
 * (Mcp-Session-Id), behind the access rules of check-request-access.ts (Host, Origin, bearer token), with bounded
 * bodies, sessions and idle time. Rejects with MCP_SERVE_FAILED when it cannot start (a port in use, a network
 * host without a token).
 */
export async function serveMcpHttp(options: ServeMcpHttpOptions): Promise<McpHttpServer> {
  const settings = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) } as typeof DEFAULTS & ServeMcpHttpOptions;
  requireTokenOffLoopback(settings);
  await loadHttpTransport().catch((error: unknown) => {
    throw new CodevError('MCP_SERVE_FAILED', `Cannot load the MCP SDK's Streamable HTTP transport: ${errorMessage(error)}`, { cause: error, hint: 'Reinstall codev.' });
  });
  const sessions = createHttpSessions({ server: settings.server, maxSessions: settings.maxSessions, idleMs: settings.sessionIdleMs });
  let closing: Promise<void> | undefined;
  const routing: McpRequestRouting = { path: settings.path, checkAccess: () => ({ status: 403, message: 'Forbidden: not listening yet' }), sessions, maxBodyBytes: settings.maxBodyBytes, bodyTimeoutMs: settings.bodyTimeoutMs, isClosing: () => closing !== undefined, servedDirectory: served(settings.server) };
  // Node enforces the same bound on headers (and on bodies, as a second guard) at its checking interval.
  const timeouts = { headersTimeout: settings.bodyTimeoutMs, requestTimeout: settings.bodyTimeoutMs, connectionsCheckingInterval: Math.min(30_000, settings.bodyTimeoutMs) };
  const server = createServer(timeouts, (request, response) => {
    // The error's text stays in the server: a client learns nothing of its internals.
    handleMcpRequest(routing, request, response).catch(() => writeJsonRpcError(response, { status: 500, code: -32603, message: 'Internal error' }));
  });
  const port = await listenHttp(server, settings);
  // The Host names allowed depend on the port bound, known only now (port 0 = any free one).
  routing.checkAccess = createRequestAccessCheck({ ...settings, port });
  const urlHost = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${urlHost}:${port}${settings.path}`,
    host: settings.host,
    port,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Sessions first, so their calls are aborted (and their processes stopped) before the sockets go.
        await bounded(sessions.closeAll());
        server.closeAllConnections();
        await bounded(stopped);
      })();
      return closing;
    },
  };
}

/** The folder of the kernel served (none for a server of the embedder's own without one). */
function served(server: ServeMcpHttpOptions['server']): string | undefined {
  const cwd = (server.kernel as Partial<ServeMcpHttpOptions['server']['kernel']> | undefined)?.cwd;
  return cwd === undefined ? undefined : path.resolve(cwd);
}

function bounded(promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS).unref()));
  return Promise.race([promise.then(() => undefined, () => undefined), timeout]).finally(() => clearTimeout(timer));
}
