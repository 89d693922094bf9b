import type { Writable } from 'node:stream';
import type { CodevMcpServer } from '../../../mcp-server/types.ts';

/**
 * Serves one client over this process's stdin and `protocol` (the client's stdout, see serveInChild)
 * until the client closes stdin (it is gone), its session ends, or `signal` aborts. Resolves with which.
 * The session is left to the caller to close, with the server.
 */
export async function serveOverStdio(options: { server: CodevMcpServer; protocol: Writable; signal: AbortSignal }): Promise<'client-gone' | 'stopped'> {
  // Loaded here, as the client side is (src/mcp/connect-mcp-server.ts): `codev mcp --help` never pays for it.
  const { StdioServerTransport } = (await import('@modelcontextprotocol/sdk/server/stdio.js')) as unknown as typeof import('@modelcontextprotocol/sdk/server/stdio');
  if (options.signal.aborted) return 'stopped';
  const session = await options.server.connect(new StdioServerTransport(process.stdin, options.protocol));
  return new Promise((resolve) => {
    const gone = () => resolve('client-gone');
    process.stdin.once('end', gone);
    process.stdin.once('close', gone);
    void session.closed.then(gone);
    if (options.signal.aborted) resolve('stopped');
    options.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
}
