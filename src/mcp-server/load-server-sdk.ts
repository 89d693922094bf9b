/** The MCP server SDK, loaded on the first `connect`: importing codev or running `codev --help` never loads it. */
export interface ServerSdk {
  server: typeof import('@modelcontextprotocol/sdk/server');
  types: typeof import('@modelcontextprotocol/sdk/types');
}
let sdk: Promise<ServerSdk> | undefined;

export function loadServerSdk(): Promise<ServerSdk> {
  // Literal specifiers, as src/mcp/connect-mcp-server.ts has them: `deno publish` rewrites them to `npm:` ones.
  sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/index.js'), import('@modelcontextprotocol/sdk/types.js')]).then(
    ([server, types]) => ({ server, types }) as unknown as ServerSdk,
  );
  return sdk;
}
