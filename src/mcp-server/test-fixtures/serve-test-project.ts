import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestKernel, type TestKernel } from '../../testing/create-test-kernel.ts';
import { createMcpServer } from '../create-mcp-server.ts';
import type { CodevMcpServer, CreateMcpServerOptions, McpServerSession } from '../types.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Under the repository, so that the plugins resolve zod. */
export const REPO_CACHE = path.resolve(HERE, '../../../node_modules/.cache');
const BUILD_TOOL = path.resolve(HERE, '../../tool/build-tool.ts');
const DEFINE_HOOK = path.resolve(HERE, '../../hooks/define-hook.ts');

export const HEADER = `import { z } from 'zod';\nimport { buildTool } from '${BUILD_TOOL}';\n`;

/** Plugins: a plain tool (Shout), a slow one that reports progress (Slow), one with large results (Big), and one that throws (Boom). */
export const PLUGINS: Record<string, string> = {
  'plugins/shout.ts': `${HEADER}export default buildTool({ name: 'Shout', description: 'Upper-cases a text', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, isConcurrencySafe: () => true, call: ({ text }) => ({ data: text.toUpperCase() }) });\n`,
  'plugins/slow.ts': `${HEADER}export default buildTool({ name: 'Slow', description: 'Counts slowly', inputSchema: z.object({ steps: z.number() }), isReadOnly: () => true,
  async call({ steps }, context) {
    for (let step = 1; step <= steps; step++) { await new Promise((resolve) => setTimeout(resolve, 20)); context.onProgress({ type: 'slow_progress', message: 'step ' + step }); }
    return { data: 'counted ' + steps };
  } });\n`,
  'plugins/big.ts': `${HEADER}export default buildTool({ name: 'Big', description: 'Says a lot', inputSchema: z.object({ chars: z.number() }), isReadOnly: () => true, maxResultSizeChars: 1000, call: ({ chars }) => ({ data: 'line\\n'.repeat(Math.ceil(chars / 5)) }) });\n`,
  'plugins/boom.ts': `${HEADER}export default buildTool({ name: 'Boom', description: 'Throws', inputSchema: z.object({}), isReadOnly: () => true, call: () => { throw new Error('boom inside'); } });\n`,
};

/** Rules and a PreToolUse hook in the project's config. */
export const CONFIG = `import { defineHook } from '${DEFINE_HOOK}';
export default {
  permissions: { deny: ['Bash(rm:*)', 'Read(./secret.txt)'] },
  hooks: [defineHook({ event: 'PreToolUse', name: 'no-blocked', matcher: 'Shout', handler: ({ toolInput }) => (toolInput.text === 'blocked' ? { decision: 'deny', reason: 'blocked by the hook' } : undefined) })],
};
`;

/** How a test client answers elicitations: undefined declares no elicitation capability. */
export type ElicitationAnswer = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

export interface ServedProject {
  test: TestKernel;
  /** The project folder, made where symbolic links are resolved (node_modules may be one), so that paths under it are inside it. */
  root: string;
  server: CodevMcpServer;
  /** Connects a new SDK client over an in-memory pair. */
  connect(options?: { elicit?: ElicitationAnswer; elicitation?: Record<string, object> }): Promise<{ client: Client; session: McpServerSession }>;
  cleanup(): Promise<void>;
}

/** A temp project with the plugin and config above, served by createMcpServer, and real SDK clients for it. */
export async function serveTestProject(
  options: { files?: Record<string, string>; server?: Omit<CreateMcpServerOptions, 'kernel'>; kernel?: Parameters<typeof createTestKernel>[0] } = {},
): Promise<ServedProject> {
  const test = await createTestKernel({ mcp: false, env: {}, directory: await realpath(REPO_CACHE), files: { 'codev.config.ts': CONFIG, ...PLUGINS, ...options.files }, ...options.kernel });
  const server = createMcpServer({ kernel: test.kernel, ...options.server });
  const clients: Client[] = [];
  return {
    test,
    root: test.root,
    server,
    async connect(connectOptions = {}) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const session = await server.connect(serverSide);
      const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: connectOptions.elicit ? { elicitation: connectOptions.elicitation ?? {} } : {} });
      if (connectOptions.elicit) client.setRequestHandler(ElicitRequestSchema, (request) => connectOptions.elicit!(request));
      await client.connect(clientSide);
      clients.push(client);
      return { client, session };
    },
    async cleanup() {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await server.close();
      await test.cleanup();
    },
  };
}

/** The text of a call result. */
export function textOf(result: object): string {
  return (((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** `_meta["codev/result"]` of a call result. */
export function metaOf(result: object): Record<string, any> {
  return ((result as { _meta?: Record<string, unknown> })._meta?.['codev/result'] ?? {}) as Record<string, any>;
}
