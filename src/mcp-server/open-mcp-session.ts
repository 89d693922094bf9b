import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import path from 'node:path';
import { z } from 'zod';
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
import { listResultResources, readResultResource } from './result-resources.ts';
import type { ServerSdk } from './load-server-sdk.ts';
import type { CreateMcpServerOptions, McpServerSession } from './types.ts';

/** A session as the server keeps it: the public one, and what a reload tells its client. */
export interface OpenMcpSession extends McpServerSession {
  notifyToolListChanged(): void;
}

const DEFAULT_ELICITATION_TIMEOUT_MS = 300_000;
/** How long closing waits for calls that do not stop on the abort. */
/** How long closing a session waits for calls whose tools ignore the abort, in ms, before ending it all the same. */
export const SESSION_CLOSE_GRACE_MS = 10_000;
/** MCP's code for a resource that is not there. */
const RESOURCE_NOT_FOUND = -32002;
const LOOSE_CALL_TOOL_REQUEST = z.looseObject({ method: z.literal('tools/call'), params: z.unknown() });

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
  /** Told of the session once it holds its folder, before its transport has started: it can be closed from then on. */
  onOpening?: (session: OpenMcpSession) => void;
}): Promise<OpenMcpSession> {
  const { sdk, kernel, serverOptions, transport } = options;
  const generatedId = randomUUID();
  const server = new sdk.server.Server({ name: serverOptions.name ?? 'codev', version: codevVersion() }, { capabilities: { tools: { listChanged: true }, resources: {} } });
  const sessionDirectory = path.join(kernel.root, '.codev', 'sessions', `mcp-${generatedId}`);
  const lease = await holdSession({ sessionDirectory, leftovers: { directory: path.dirname(sessionDirectory) } });
  const ended = new AbortController();
  // Every call of the session listens to its end: many calls at once are no leak.
  setMaxListeners(0, ended.signal);
  const fallback = askFallbackAnswerer(serverOptions.askFallback);
  const callSession: CallSession = {
    kernel,
    options: serverOptions,
    sessionDirectory,
    signal: ended.signal,
    limiter: createCallLimiter({ maxConcurrent: serverOptions.maxConcurrentCalls ?? 8, maxQueued: serverOptions.maxQueuedCalls ?? 64 }),
    canUseTool: (send) =>
      serverOptions.canUseTool ??
      elicitPermission({ sdk, send, fallback, canElicit: () => canAnswerForms(server.getClientCapabilities()?.elicitation), timeoutMs: serverOptions.elicitationTimeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS }),
  };
  /** The calls running, by the name of their tool. */
  const running = new Map<Promise<unknown>, string>();
  // Before initialize the server knows neither the client nor whether it can be asked: only ping is answered (the SDK's own).
  const requireInitialized = () => {
    if (server.getClientVersion() === undefined) throw new sdk.types.McpError(sdk.types.ErrorCode.InvalidRequest, 'The session is not initialized: send initialize first');
  };
  server.setRequestHandler(sdk.types.ListToolsRequestSchema, async () => {
    requireInitialized();
    return { tools: await options.listTools(kernel.generation) };
  });
  // The results too large to send whole, saved in the session's folder, as resources of this session only.
  const resultsDirectory = path.join(sessionDirectory, 'tool-results');
  server.setRequestHandler(sdk.types.ListResourcesRequestSchema, async () => {
    requireInitialized();
    return { resources: await listResultResources(resultsDirectory) };
  });
  server.setRequestHandler(sdk.types.ReadResourceRequestSchema, async (request) => {
    requireInitialized();
    const read = await readResultResource({ resultsDirectory, uri: request.params.uri });
    if (!read) throw new sdk.types.McpError(RESOURCE_NOT_FOUND, `No saved result of this session is ${request.params.uri}`);
    return read;
  });
  // Parsed loosely here so that the SDK's own check of tools/call answers bad params with InvalidParams
  // (-32602), not the internal error a failed parse of the handler's schema would be.
  server.setRequestHandler(LOOSE_CALL_TOOL_REQUEST, (loose, extra) => {
    requireInitialized();
    const request = sdk.types.CallToolRequestSchema.parse(loose);
    const call = handleCallTool(callSession, {
      name: request.params.name,
      arguments: request.params.arguments,
      progressToken: request.params._meta?.progressToken,
      signal: extra.signal,
      sendProgress: (params) => extra.sendNotification({ method: 'notifications/progress', params }),
      sendElicitation: (params, requestOptions) => extra.sendRequest({ method: 'elicitation/create', params }, sdk.types.ElicitResultSchema, requestOptions),
    });
    running.set(call, request.params.name);
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
        // The calls stop their processes on the abort; the folder is ended only once they have (or once a
        // tool that ignores the abort has had its grace: it must not keep the session open for ever).
        await settledWithin([...running.keys()], SESSION_CLOSE_GRACE_MS);
        for (const name of new Set(running.values())) serverOptions.onWarning?.(`a call of ${name} did not end within ${SESSION_CLOSE_GRACE_MS / 1000} s of being stopped (its tool ignores the abort): the session ended without it`);
        // The SDK sends a handler's answer a few promise turns later: the clients get their calls' ends.
        await new Promise((resolve) => setImmediate(resolve));
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
  options.onOpening?.(session);
  try {
    await server.connect(transport);
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

async function settledWithin(calls: readonly Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([Promise.allSettled(calls), grace]);
  clearTimeout(timer);
}

/** A client answers form elicitations when it says so, or declares elicitation with no mode (the form mode is the default). */
function canAnswerForms(elicitation: { form?: object; url?: object } | undefined): boolean {
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}
