import type { McpServerConfig } from '../config/config-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { EnvironmentPolicy } from '../processes/environment-policy.ts';
import type { Tool } from '../tool/types.ts';
import { createListMcpResourcesTool } from './tools/ListMcpResourcesTool/index.ts';
import { createReadMcpResourceTool } from './tools/ReadMcpResourceTool/index.ts';
import { scriptFilesOf } from '../permissions/script-files.ts';
import { buildServerTools } from './build-server-tools.ts';
import { connectMcpServer, stdioServerDirectory, type ConnectMcpServerOptions, type McpServerConnection, type McpToolInfo } from './connect-mcp-server.ts';
import { pause, resolveReconnectPolicy, type McpReconnectPolicy } from './reconnect-policy.ts';

/** Where one configured server stands. */
export interface McpServerStatus {
  readonly name: string;
  readonly config: McpServerConfig;
  /** `reconnecting`: its connection closed and the manager is trying again (see `reconnect`). */
  readonly status: 'connected' | 'reconnecting' | 'failed';
  /** Its tools (empty unless connected). */
  readonly tools: readonly Tool[];
  /** Why it failed (`MCP_SERVER_FAILED`), or why one of its tools was skipped. */
  readonly errors: readonly CodevError[];
}

export interface McpManagerOptions {
  /** The servers to connect first (see {@link loadMcpConfig}). */
  servers?: Readonly<Record<string, McpServerConfig>>;
  /** Relative stdio `cwd`s resolve against it. Default `process.cwd()`. */
  cwd?: string;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Cap per result, in estimated tokens. Default 25,000. */
  maxOutputTokens?: number;
  /**
   * Reconnects a server whose connection closed on its own (it exited, the stream broke): 5 attempts with
   * a 1 s doubling wait by default. `false`: it stays failed until `update(..., { retryFailed: true })`.
   */
  reconnect?: McpReconnectPolicy | false;
  /** Replaces `connectMcpServer` (tests). */
  connect?: (options: ConnectMcpServerOptions) => Promise<McpServerConnection>;
}

/** The MCP servers of a project, connected, and their tools. */
export interface McpManager {
  /** Every connected server's tools, servers in name order. */
  readonly tools: readonly Tool[];
  /**
   * ListMcpResourcesTool and ReadMcpResourceTool, reading the servers connected at call time: present while
   * at least one connected server offers resources, else empty. Always the same two objects.
   */
  readonly resourceTools: readonly Tool[];
  /** What failed, as values: a server that did not connect or whose connection closed, a tool that was skipped. */
  readonly errors: readonly CodevError[];
  /**
   * The files the stdio servers run (their command and script arguments, absolute): writes to them ask and
   * the sandbox keeps them read-only, since a server runs outside the sandbox and is restarted on reconnect.
   */
  readonly protectedFiles: readonly string[];
  readonly servers: readonly McpServerStatus[];
  /**
   * Makes the set of servers this one: new and changed entries connect (in parallel), removed ones close,
   * unchanged ones stay connected (failed ones too, unless `retryFailed`). Resolves when every server is
   * connected or failed; never rejects. `environment`: the config's, for the stdio servers' (see
   * `ConnectMcpServerOptions.environment`); a change restarts them.
   */
  update(servers: Readonly<Record<string, McpServerConfig>>, options?: { retryFailed?: boolean; environment?: EnvironmentPolicy }): Promise<void>;
  /** Re-lists one server's tools now (what `notifications/tools/list_changed` does). */
  refresh(server: string): Promise<void>;
  /**
   * Called when the tools or errors change on their own: a server's tool list changed (and was re-listed)
   * or its connection closed, was reconnected, or was given up. Not called for `update()`, which the caller awaits. Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
  /** Closes every connection. Idempotent. */
  close(): Promise<void>;
}

interface Entry {
  readonly name: string;
  readonly config: McpServerConfig;
  readonly key: string;
  connection?: McpServerConnection;
  status: McpServerStatus['status'];
  tools: Tool[];
  errors: CodevError[];
  /** The tool built for each MCP tool definition (as JSON), so an unchanged tool keeps its object. */
  built: Map<string, Tool>;
  refreshing?: Promise<void>;
  refreshAgain: boolean;
  /** Reconnect attempts spent on this server since its last stable connection. */
  reconnects: number;
  connectedAt: number;
}

/**
 * Connects MCP servers (stdio and Streamable HTTP) and keeps their tools as codev Tools
 * (`mcp__<server>__<tool>`). All servers connect in parallel; one that fails is an `MCP_SERVER_FAILED`
 * error value and the others work. `notifications/tools/list_changed` re-lists that server (a failed
 * re-list keeps the old list) and emits a change; so does a connection that closes (its tools go away
 * while it reconnects; see `reconnect`).
 */
export async function createMcpManager(options: McpManagerOptions = {}): Promise<McpManager> {
  const connect = options.connect ?? connectMcpServer;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const reconnectPolicy = resolveReconnectPolicy(options.reconnect);
  const lifetime = new AbortController();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  let environment: EnvironmentPolicy | undefined;
  const keyOf = (config: McpServerConfig) => JSON.stringify('command' in config ? [config, environment ?? {}] : config);
  /** Runs `task` after every earlier update or reconnect, so the set of entries changes one step at a time. */
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.then(() => {}, () => {});
    return run;
  };

  const emit = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // a listener's failure is its own
      }
    }
  };
  const isCurrent = (entry: Entry) => !closed && entries.get(entry.name) === entry;

  function buildTools(entry: Entry, definitions: readonly McpToolInfo[]): void {
    const built = buildServerTools({ server: entry.name, definitions, connection: entry.connection!, previous: entry.built, maxOutputTokens: options.maxOutputTokens });
    Object.assign(entry, built);
  }

  async function start(name: string, config: McpServerConfig, reconnects = 0): Promise<Entry> {
    const entry: Entry = { name, config, key: keyOf(config), status: 'failed', tools: [], errors: [], built: new Map(), refreshAgain: false, reconnects, connectedAt: 0 };
    let connection: McpServerConnection | undefined;
    try {
      connection = await connect({ name, config, cwd: options.cwd, environment, connectTimeoutMs: options.connectTimeoutMs, callTimeoutMs: options.callTimeoutMs });
      const definitions = await connection.listTools();
      entry.connection = connection;
      entry.status = 'connected';
      entry.connectedAt = performance.now();
      buildTools(entry, definitions);
    } catch (error) {
      await connection?.close();
      entry.connection = undefined;
      entry.errors = [failed(name, 'could not list its tools', error)];
      return entry;
    }
    connection.onToolsChanged(() => void refreshEntry(entry));
    connection.onClose((error) => {
      if (!isCurrent(entry)) return;
      const spent = reconnectPolicy && performance.now() - entry.connectedAt < reconnectPolicy.stableAfterMs ? entry.reconnects : 0;
      entry.status = reconnectPolicy && spent < reconnectPolicy.attempts ? 'reconnecting' : 'failed';
      entry.connection = undefined;
      entry.tools = [];
      entry.built = new Map();
      entry.errors = [error];
      emit();
      if (reconnectPolicy) void reconnect({ entry, closedError: error, policy: reconnectPolicy, spent });
    });
    return entry;
  }

  /** Tries to replace a closed entry with a new connection, waiting longer before each attempt. */
  async function reconnect({ entry, closedError, policy, spent: first }: { entry: Entry; closedError: CodevError; policy: NonNullable<typeof reconnectPolicy>; spent: number }): Promise<void> {
    let last: CodevError | undefined;
    for (let attempt = first; attempt < policy.attempts; attempt++) {
      await pause(policy.initialDelayMs * 2 ** (attempt - first), lifetime.signal);
      const outcome = await serially(async () => {
        if (!isCurrent(entry)) return 'replaced';
        const next = await start(entry.name, entry.config, attempt + 1);
        if (!isCurrent(entry)) {
          await next.connection?.close();
          return 'replaced';
        }
        if (next.status !== 'connected') {
          last = next.errors[0];
          return 'failed';
        }
        entries.set(entry.name, next);
        return 'connected';
      });
      if (outcome === 'connected') emit();
      if (outcome !== 'failed') return;
    }
    if (!isCurrent(entry)) return;
    entry.status = 'failed';
    const reason = last ? `; the last attempt: ${last.message}` : '';
    entry.errors = [new CodevError('MCP_SERVER_FAILED', `${closedError.message}\n(gave up after ${policy.attempts} reconnect attempts${reason})`, { stage: 'mcp', hint: closedError.hint, cause: last })];
    emit();
  }

  function refreshEntry(entry: Entry, notify = true): Promise<void> {
    if (entry.refreshing) {
      entry.refreshAgain = true;
      return entry.refreshing;
    }
    entry.refreshing = (async () => {
      do {
        entry.refreshAgain = false;
        if (!isCurrent(entry) || !entry.connection) return;
        const before = entry.tools;
        const errorsBefore = entry.errors;
        try {
          const definitions = await entry.connection.listTools();
          if (!isCurrent(entry) || !entry.connection) return;
          buildTools(entry, definitions);
        } catch {
          continue; // a failed re-list keeps the old list
        }
        const same = before.length === entry.tools.length && before.every((tool, index) => tool === entry.tools[index]) && errorsBefore.length === entry.errors.length;
        if (same) entry.errors = errorsBefore;
        else if (notify) emit();
      } while (entry.refreshAgain);
    })().finally(() => {
      entry.refreshing = undefined;
    });
    return entry.refreshing;
  }

  function update(servers: Readonly<Record<string, McpServerConfig>>, updateOptions: { retryFailed?: boolean; environment?: EnvironmentPolicy } = {}): Promise<void> {
    return serially(async () => {
      if (closed) return;
      environment = updateOptions.environment;
      const stale = [...entries.values()].filter(
        (entry) => servers[entry.name] === undefined || keyOf(servers[entry.name]!) !== entry.key || (updateOptions.retryFailed && entry.status !== 'connected'),
      );
      for (const entry of stale) entries.delete(entry.name);
      const fresh = Object.entries(servers).filter(([name]) => !entries.has(name));
      const [started] = await Promise.all([Promise.all(fresh.map(([name, config]) => start(name, config))), Promise.all(stale.map((entry) => entry.connection?.close()))]);
      if (closed) {
        await Promise.all(started.map((entry) => entry.connection?.close()));
        return;
      }
      for (const entry of started) entries.set(entry.name, entry);
    }).catch(() => {});
  }

  const sorted = () => [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const connections = () => sorted().flatMap((entry) => (entry.status === 'connected' && entry.connection ? [entry.connection] : []));
  const resourceToolOptions = { servers: connections, maxOutputTokens: options.maxOutputTokens };
  const resourceTools: readonly Tool[] = Object.freeze([createListMcpResourcesTool(resourceToolOptions), createReadMcpResourceTool(resourceToolOptions)]);
  await update(options.servers ?? {});
  return {
    get tools() {
      return sorted().flatMap((entry) => entry.tools);
    },
    get resourceTools() {
      return connections().some((connection) => connection.hasResources) ? resourceTools : [];
    },
    get errors() {
      return sorted().flatMap((entry) => entry.errors);
    },
    get protectedFiles() {
      return [...entries.values()].flatMap(({ config }) => ('command' in config ? scriptFilesOf([config.command, ...(config.args ?? [])], stdioServerDirectory(config, options.cwd)) : []));
    },
    get servers() {
      return sorted().map((entry) => ({ name: entry.name, config: entry.config, status: entry.status, tools: [...entry.tools], errors: [...entry.errors] }));
    },
    update,
    async refresh(server) {
      const entry = entries.get(server);
      if (entry) await refreshEntry(entry, false);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      lifetime.abort();
      await chain;
      listeners.clear();
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((entry) => entry.connection?.close()));
    },
  };
}

function failed(name: string, message: string, error: unknown): CodevError {
  if (CodevError.isInstance(error) && error.code === 'MCP_SERVER_FAILED') return error;
  return new CodevError('MCP_SERVER_FAILED', `MCP server "${name}": ${message}: ${errorMessage(error)}`, { stage: 'mcp', cause: error });
}
