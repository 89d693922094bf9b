// Types only, by the extensionless subpath (see src/mcp/connect-mcp-server.ts); the code loads on the first serve.
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp';

export type { StreamableHTTPServerTransport };

type HttpTransportModule = typeof import('@modelcontextprotocol/sdk/server/streamableHttp');
let loaded: Promise<HttpTransportModule> | undefined;

/**
 * The SDK's Streamable HTTP server transport (the Node wrapper of its web-standard one, through @hono/node-server),
 * loaded when a server starts so that importing codev never pays for it. A literal specifier, for `deno publish`.
 */
export function loadHttpTransport(): Promise<HttpTransportModule> {
  loaded ??= import('@modelcontextprotocol/sdk/server/streamableHttp.js') as unknown as Promise<HttpTransportModule>;
  return loaded;
}
