import path from 'node:path';
// Types only, by the extensionless subpaths: the SDK's `./*` export maps them to `dist/esm/*.d.ts`, which both
// tsc and `deno check` resolve (the `.js` subpaths resolve at run time only). The code loads lazily (see loadSdk).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport';
import type { CallToolResult, ReadResourceResult, Resource as McpResourceInfo, Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types';
import type { McpServerConfig } from '../config/config-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { CODEV_CLIENT_HEADER, codevClientId } from './codev-client-id.ts';
import { commandEnvironment } from '../processes/command-environment.ts';
import type { EnvironmentPolicy } from '../processes/environment-policy.ts';
import { codevVersion } from '../version/codev-version.ts';
import { mcpServingChainEnvironment } from './mcp-serving-chain.ts';

export type { CallToolResult, McpResourceInfo, McpToolInfo, ReadResourceResult };

interface Sdk {
  client: typeof import('@modelcontextprotocol/sdk/client');
  stdio: typeof import('@modelcontextprotocol/sdk/client/stdio');
  http: typeof import('@modelcontextprotocol/sdk/client/streamableHttp');
  types: typeof import('@modelcontextprotocol/sdk/types');
}
let sdk: Promise<Sdk> | undefined;

/** The MCP client (about 115 ms to import), loaded on the first connect: a project without servers never pays. */
function loadSdk(): Promise<Sdk> {
  // Literal specifiers, so that `deno publish` rewrites them to `npm:` ones: on JSR there is no package.json to
  // resolve a bare specifier computed at run time. Deno types these `.js` subpaths from the JavaScript (the SDK's
  // `./*` types condition has no `.js.d.ts`), hence the cast to the `.d.ts` types of Sdk through unknown.
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([client, stdio, http, types]) => ({ client, stdio, http, types }) as unknown as Sdk);
  return sdk;
}

/** Default time to connect (spawn + initialize) a server, in ms. */
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 30_000;
/** Default time a tool call may go without a response or a progress notification, in ms. */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 120_000;

/** A progress notification of one call. */
export interface McpCallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of one `callTool`. */
export interface McpCallOptions {
  signal?: AbortSignal;
  /** Per call; each progress notification restarts it. Default the connection's `callTimeoutMs`. */
  timeoutMs?: number;
  onProgress?: (progress: McpCallProgress) => void;
}

/** Options of one `listResources` or `readResource`; each request may take up to the connection's `callTimeoutMs`. */
export interface McpRequestOptions {
  signal?: AbortSignal;
}

/** One connected MCP server. */
export interface McpServerConnection {
  readonly name: string;
  readonly config: McpServerConfig;
  /** `stdio` or `http`. */
  readonly transport: 'stdio' | 'http';
  /** Every tool of the server (all pages of `tools/list`). */
  listTools(): Promise<McpToolInfo[]>;
  callTool(tool: string, args: Record<string, unknown>, options?: McpCallOptions): Promise<CallToolResult>;
  /** Whether the server advertised the `resources` capability in `initialize`. */
  readonly hasResources: boolean;
  /** Every resource of the server (all pages of `resources/list`); empty when it has no `resources` capability. */
  listResources(options?: McpRequestOptions): Promise<McpResourceInfo[]>;
  /** The contents of one resource (`resources/read`). */
  readResource(uri: string, options?: McpRequestOptions): Promise<ReadResourceResult>;
  /** Called on each `notifications/tools/list_changed`; returns the function that stops listening. */
  onToolsChanged(listener: () => void): () => void;
  /**
   * Called once when the connection ends without `close()`: a stdio server exited, or a request over
   * Streamable HTTP failed below JSON-RPC (the server is down, or restarted and lost the session).
   */
  onClose(listener: (error: CodevError) => void): () => void;
  close(): Promise<void>;
}

export interface ConnectMcpServerOptions {
  name: string;
  config: McpServerConfig;
  /** Relative stdio `cwd`s resolve against it. Default `process.cwd()`. */
  cwd?: string;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  /**
   * A stdio server's environment besides its own `env`: the `core` variables of codev's (`HOME`, `PATH`,
   * `USER`, `LANG`, ...; `none` when the policy says so) with the policy's `include` and `set`, never
   * credentials unless `include` names them (see `commandEnvironment`). Its configured `env` is passed as written.
   */
  environment?: EnvironmentPolicy;
}

/**
 * Connects one MCP server: spawns a stdio server (`{ command, args, env, cwd }`, stderr kept for error
 * messages) or opens a Streamable HTTP session (`{ url, headers }`), then runs `initialize`. Rejects with
 * `MCP_SERVER_FAILED` (naming the server and, for stdio, the last lines of its stderr) when the command
 * does not exist, the server exits, or the handshake takes longer than `connectTimeoutMs`.
 */
export async function connectMcpServer(options: ConnectMcpServerOptions): Promise<McpServerConnection> {
  const { name, config } = options;
  const { client: { Client }, stdio: { StdioClientTransport }, http: { StreamableHTTPClientTransport }, types: { ErrorCode, McpError, ProgressNotificationSchema, ToolListChangedNotificationSchema } } = await loadSdk();
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_MCP_CALL_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
  let stderr = '';
  let transport: Transport;
  const kind = 'command' in config ? 'stdio' : 'http';
  if ('command' in config) {
    const stdio = new StdioClientTransport({
      command: config.command,
      args: config.args ?? [],
      env: { ...commandEnvironment({ policy: options.environment, inherit: options.environment?.inherit === 'none' ? 'none' : 'core' }), ...mcpServingChainEnvironment(), ...config.env },
      cwd: stdioServerDirectory(config, options.cwd),
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    transport = stdio;
  } else {
    transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers, [CODEV_CLIENT_HEADER]: codevClientId(options.cwd ?? process.cwd()) } } });
  }

  const failure = (message: string, cause?: unknown) =>
    new CodevError('MCP_SERVER_FAILED', `MCP server "${name}": ${message}${stderr.trim() ? `\n${lastLines(stderr)}` : ''}`, {
      stage: 'mcp',
      hint: kind === 'stdio' ? 'check the command, args and env of this server in mcpServers (or .mcp.json)' : 'check the url and headers of this server, and that it is running',
      cause,
    });

  const client = new Client({ name: 'codev', version: codevVersion() }, { capabilities: {} });
  const changeListeners = new Set<() => void>();
  const closeListeners = new Set<(error: CodevError) => void>();
  let closing = false;
  let ended = false;
  // Progress goes through our own tokens: the SDK's handler drops the last notification when the response
  // follows it in the same read (notifications are dispatched a microtask late, the response at once).
  const progressListeners = new Map<string, (progress: McpCallProgress) => void>();
  let nextToken = 0;
  client.setNotificationHandler(ProgressNotificationSchema, async (notification) => {
    const { progressToken, progress, total, message } = notification.params;
    progressListeners.get(String(progressToken))?.({ progress, total, message });
  });
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    for (const listener of [...changeListeners]) listener();
  });
  const end = (reason: string, cause?: unknown) => {
    if (closing || ended) return;
    ended = true;
    const error = failure(reason, cause);
    for (const listener of [...closeListeners]) listener(error);
  };
  client.onclose = () => end('the connection closed');
  // A Streamable HTTP session never "closes": a server that went away fails each request (fetch failed),
  // and one that restarted no longer knows the session (HTTP 400/404). Such a failure ends the connection,
  // so its owner can start a new session; a JSON-RPC error (McpError) is the server's answer, not a break.
  const checkBroken = (error: unknown, signal?: AbortSignal) => {
    if (kind !== 'http' || signal?.aborted || error instanceof McpError) return;
    end(`the connection broke: ${errorMessage(error)}`, error);
    void client.close().catch(() => {});
  };

  try {
    await client.connect(transport, { timeout: connectTimeoutMs });
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    throw failure(`could not connect: ${errorMessage(error)}`, error);
  }
  const hasResources = Boolean(client.getServerCapabilities()?.resources);
  const hasTools = Boolean(client.getServerCapabilities()?.tools);
  /** Runs one request; a failure below JSON-RPC ends the connection (see checkBroken). */
  const guarded = async <T>(signal: AbortSignal | undefined, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      checkBroken(error, signal);
      throw error;
    }
  };

  return {
    name,
    config,
    transport: kind,
    async listTools() {
      try {
        return await guarded(undefined, async () => {
          const tools: McpToolInfo[] = [];
          let cursor: string | undefined;
          do {
            const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: connectTimeoutMs });
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } while (cursor);
          return tools;
        });
      } catch (error) {
        // A server with only resources (no `tools` capability) may answer Method not found: it has no tools.
        if (!hasTools && error instanceof McpError && error.code === ErrorCode.MethodNotFound) return [];
        throw error;
      }
    },
    async callTool(tool, args, callOptions = {}) {
      const timeoutMs = callOptions.timeoutMs ?? callTimeoutMs;
      const token = `codev-${++nextToken}`;
      const controller = new AbortController();
      const outer = callOptions.signal;
      const forward = () => controller.abort(outer?.reason);
      if (outer?.aborted) forward();
      else outer?.addEventListener('abort', forward, { once: true });
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(new CodevError('TOOL_FAILED', `MCP tool "${tool}" of server "${name}" timed out after ${timeoutMs} ms without a response or progress`, { stage: 'mcp' })), timeoutMs);
      };
      progressListeners.set(token, (progress) => {
        arm();
        callOptions.onProgress?.(progress);
      });
      arm();
      try {
        const result = await client.callTool({ name: tool, arguments: args, _meta: { progressToken: token } }, undefined, { signal: controller.signal, timeout: 2 ** 31 - 1 });
        await new Promise((resolve) => setImmediate(resolve));
        if ('toolResult' in result) return { content: [{ type: 'text', text: JSON.stringify(result.toolResult) }] } as CallToolResult;
        return result as CallToolResult;
      } catch (error) {
        checkBroken(error, controller.signal);
        throw error;
      } finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', forward);
        progressListeners.delete(token);
      }
    },
    hasResources,
    async listResources({ signal } = {}) {
      if (!hasResources) return [];
      const resources: McpResourceInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await guarded(signal, () => client.listResources(cursor ? { cursor } : undefined, { signal, timeout: callTimeoutMs }));
        resources.push(...page.resources);
        cursor = page.nextCursor;
      } while (cursor);
      return resources;
    },
    readResource(uri, { signal } = {}) {
      return guarded(signal, () => client.readResource({ uri }, { signal, timeout: callTimeoutMs }));
    },
    onToolsChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    async close() {
      if (closing) return;
      closing = true;
      changeListeners.clear();
      closeListeners.clear();
      await client.close().catch(() => {});
    },
  };
}

/** Where a stdio server runs: its `cwd`, resolved against `cwd` (default `process.cwd()`). */
export function stdioServerDirectory(config: { cwd?: string }, cwd?: string): string {
  return path.resolve(cwd ?? process.cwd(), config.cwd ?? '.');
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).map((line) => `  stderr: ${line}`).join('\n');
}
