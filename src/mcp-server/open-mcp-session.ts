import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport';
import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types';
import type { Generation, Kernel } from '../kernel/types.ts';
import { holdSession } from '../session/hold-session.ts';
import { codevVersion } from '../version/codev-version.ts';
import { createCallLimiter } from './call-limiter.ts';
import type { CallSession } from './call-session.ts';
import { askFallbackAnswerer } from './deny-unanswerable-ask.ts';
import { elicitPermission } from './elicit-permission.ts';
import { handleCallTool } from './handle-call-tool.ts';
import type { ServerSdk } from './load-server-sdk.ts';
import type { CreateMcpServerOptions, McpServerSession } from './types.ts';

/** A session as the server keeps it: the public one, and what a reload tells its client. */
export interface OpenMcpSession extends McpServerSession {
  notifyToolListChanged(): void;
}

const DEFAULT_ELICITATION_TIMEOUT_MS = 300_000;

/**
 * Serves one client over `transport`: a low-level MCP `Server` answering `tools/list` and `tools/call`, its
 * own session folder (held until the session ends) and call queue. The transport closing, from either
 * side, ends the session: its calls are aborted and the folder's session ended.
 */
export async function openMcpSession(options: {
  sdk: ServerSdk;
  kernel: Kernel;
  serverOptions: CreateMcpServerOptions;
  transport: Transport;
  listTools: (generation: Generation) => Promise<McpToolInfo[]>;
}): Promise<OpenMcpSession> {
  const { sdk, kernel, serverOptions, transport } = options;
  const generatedId = randomUUID();
  const server = new sdk.server.Server({ name: serverOptions.name ?? 'codev', version: codevVersion() }, { capabilities: { tools: { listChanged: true } } });
  const sessionDirectory = path.join(kernel.root, '.codev', 'sessions', `mcp-${generatedId}`);
  const lease = await holdSession({ sessionDirectory, leftovers: { directory: path.dirname(sessionDirectory) } });
  const ended = new AbortController();
  const fallback = askFallbackAnswerer(serverOptions.askFallback);
  const callSession: CallSession = {
    kernel,
    options: serverOptions,
    sessionDirectory,
    signal: ended.signal,
    limiter: createCallLimiter({ maxConcurrent: serverOptions.maxConcurrentCalls ?? 8, maxQueued: serverOptions.maxQueuedCalls ?? 64 }),
    canUseTool: (send) =>
      serverOptions.canUseTool ??
      elicitPermission({ sdk, send, fallback, canElicit: () => server.getClientCapabilities()?.elicitation !== undefined, timeoutMs: serverOptions.elicitationTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS }),
  };
  const running = new Set<Promise<unknown>>();
  server.setRequestHandler(sdk.types.ListToolsRequestSchema, async () => ({ tools: await options.listTools(kernel.generation) }));
  server.setRequestHandler(sdk.types.CallToolRequestSchema, (request, extra) => {
    const call = handleCallTool(callSession, {
      name: request.params.name,
      arguments: request.params.arguments,
      progressToken: request.params._meta?.progressToken,
      signal: extra.signal,
      sendProgress: (params) => extra.sendNotification({ method: 'notifications/progress', params }),
      sendElicitation: (params, requestOptions) => extra.sendRequest({ method: 'elicitation/create', params }, sdk.types.ElicitResultSchema, requestOptions),
    });
    running.add(call);
    void call.finally(() => running.delete(call));
    return call;
  });
  let closing: Promise<void> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let initialized = false;
  server.oninitialized = () => (initialized = true);
  const session: OpenMcpSession = {
    get id() {
      return transport.sessionId ?? generatedId;
    },
    get client() {
      return server.getClientVersion();
    },
    get runningCalls() {
      return running.size;
    },
    closed,
    close() {
      closing ??= (async () => {
        ended.abort();
        // The calls stop their processes on the abort; the folder is ended only once they have.
        await Promise.allSettled([...running]);
        await server.close().catch(() => {});
        await lease.release();
        resolveClosed();
      })();
      return closing;
    },
    notifyToolListChanged() {
      if (initialized && !closing) server.sendToolListChanged().catch(() => {});
    },
  };
  server.onclose = () => void session.close();
  try {
    await server.connect(transport);
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}
