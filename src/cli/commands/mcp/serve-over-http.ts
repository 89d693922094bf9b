import { serveMcpHttp } from '../../../index.ts';
import type { CodevMcpServer } from '../../../mcp-server/types.ts';
import type { CommandIo } from '../types.ts';
import type { McpServeTransport } from './mcp-serve-options.ts';

/**
 * Serves clients over Streamable HTTP until `signal` aborts, then stops accepting and ends every session.
 * Says on stderr where (the URL) and, when codev made the token, which token clients must send: a token of
 * the user's own (CODEV_MCP_TOKEN, --token) is not printed, so that it stays out of logs.
 */
export async function serveOverHttp(options: { server: CodevMcpServer; transport: Extract<McpServeTransport, { kind: 'http' }>; signal: AbortSignal; io: CommandIo }): Promise<void> {
  const { transport, io } = options;
  if (options.signal.aborted) return;
  const http = await serveMcpHttp({ server: options.server, host: transport.host, port: transport.port, token: transport.token });
  try {
    // One write: whoever reads the URL off stderr (a script, a test) has the token in the same chunk.
    io.stderr(
      [
        `codev mcp serve: serving the tools of ${options.server.kernel.cwd} at ${http.url}\n`,
        transport.generated ? `codev mcp serve: token: ${transport.token}\n  clients send it as the header "Authorization: Bearer <token>" (set CODEV_MCP_TOKEN to choose it)\n` : '',
        transport.token === undefined ? 'codev mcp serve: warning: no token (--no-token): any process of this machine can call the tools\n' : '',
      ].join(''),
    );
    await new Promise<void>((resolve) => {
      if (options.signal.aborted) resolve();
      options.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    await http.close();
  }
}
