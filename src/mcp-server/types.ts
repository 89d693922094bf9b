/**
 * codev as an MCP server: the contract. `createMcpServer` serves a kernel's tool pool to MCP clients, every
 * call through `runToolUse` (validation, hooks, permission rules, shell analysis, sandbox); `serveMcpHttp`
 * puts one on Streamable HTTP. Types only.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport';
import type { Kernel } from '../kernel/types.ts';
import type { CanUseTool } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';

export type { Transport as McpTransport };

/**
 * What answers a permission ask when the client cannot (it did not declare the `elicitation` capability, or
 * its answer did not come within `elicitationTimeoutMs`): `'deny'` (the default; the result says why and
 * which `--allow` rule would let the call through), `'allow'` (no stronger than bypassPermissions: an ask no
 * mode settles, such as an ask rule, a protected write or a plugin whose rules are unknown, is still denied), or
 * a `CanUseTool` of the embedder's own (told `immune` for those asks).
 */
export type McpAskFallback = 'deny' | 'allow' | CanUseTool;

/** Options of `createMcpServer`. */
export interface CreateMcpServerOptions {
  /** The loaded project: its live tool pool, rules, hooks and sandbox. Not closed by the server. */
  kernel: Kernel;
  /** The name in the `initialize` answer. Default `codev`. */
  name?: string;
  /**
   * Which tools of the pool to serve: names, or a predicate. Default every tool but those that only make
   * sense inside an agent loop (`AGENT_ONLY_TOOLS`: Agent, SendMessage, AskUserQuestion, TodoWrite, ToolSearch).
   * The calls a served tool makes itself (REPL's functions, an Agent's subagent) are held to it too: a tool not
   * served is denied to them.
   */
  tools?: readonly string[] | ((tool: Tool) => boolean);
  /**
   * The longest tool name served; a longer one is not served, with a warning. Clients call a tool
   * `mcp__<server>__<tool>` and send that to the model API, which takes 64 characters (past them every request of
   * the conversation fails): default 52, what is left under the server name `codev`.
   */
  maxToolNameLength?: number;
  /**
   * Answers asks instead of the client (an embedder's own prompt). When unset, an ask becomes an MCP
   * elicitation (allow once / always / deny) where the client supports it, else `askFallback`.
   */
  canUseTool?: CanUseTool;
  /** Default `'deny'`. */
  askFallback?: McpAskFallback;
  /** How long an elicitation may wait for the client's answer before `askFallback` answers (ms). Default 300,000. */
  elicitationTimeoutMs?: number;
  /** Calls one session runs at once; more wait their turn. Default 8. */
  maxConcurrentCalls?: number;
  /** Calls one session may have waiting; more fail at once with `MCP_SERVER_BUSY`. Default 64. */
  maxQueuedCalls?: number;
  /** Warnings for the person running the server (a reload that failed, a hook's warning). Default: none. */
  onWarning?: (message: string) => void;
}

/** One connected client: its own tool-use session (session rules, background tasks, results folder). */
export interface McpServerSession {
  /** The transport's session id (Streamable HTTP), else a generated one. */
  readonly id: string;
  /** The client's name and version from `initialize`, once it has come. */
  readonly client?: { name: string; version: string };
  /** Calls running now. */
  readonly runningCalls: number;
  /** Aborts the session's calls (their processes stopped), closes the transport and ends the tool-use session. Idempotent. */
  close(): Promise<void>;
  /** Settles when the session has ended, whoever ended it. */
  readonly closed: Promise<void>;
}

/** A kernel's tools served over MCP: one `connect` per client. */
export interface CodevMcpServer {
  readonly kernel: Kernel;
  /** Serves one client over a started-or-not transport (stdio, Streamable HTTP, in-memory). */
  connect(transport: Transport): Promise<McpServerSession>;
  readonly sessions: readonly McpServerSession[];
  /** Ends every session (see `McpServerSession.close`); later `connect`s fail. Does not close the kernel. Idempotent. */
  close(): Promise<void>;
}

/** Options of `serveMcpHttp`. */
export interface ServeMcpHttpOptions {
  server: CodevMcpServer;
  /** Default `127.0.0.1`. Anything but a loopback address requires `token`. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`). Required off loopback;
   * optional on it (a local process of another user could otherwise call the tools: recommended). Letters, digits
   * and `-._~+/` (what a bearer token can carry); an empty token or any other character is MCP_SERVE_FAILED.
   */
  token?: string;
  /**
   * Origins a browser may call from (`Origin` header). Requests without `Origin` (non-browser clients) pass;
   * `Host` must name the address served on (DNS rebinding). Their CORS preflights are answered and their answers
   * carry `Access-Control-Allow-Origin`, so a page of theirs can call. Default: none but the server's own origin.
   */
  allowedOrigins?: readonly string[];
  /**
   * MCP sessions at once. A new one past it ends the least recently used idle session (no call running, no GET
   * stream open: most likely a client gone without DELETE); when every session is busy it is refused with HTTP
   * 503. Default 32.
   */
  maxSessions?: number;
  /**
   * A session no request has touched for this long is closed (ms); a running call or an open GET stream (a
   * client still listening) keeps it. Default 30 minutes.
   */
  sessionIdleMs?: number;
  /** The largest request body (bytes); larger is HTTP 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** The path served. Default `/mcp`. */
  path?: string;
  /**
   * How long a request's headers and body may take to arrive (ms); a body still incomplete then is HTTP 408 and
   * its connection closed (a client that stalls or trickles bytes cannot hold a connection). Default 30,000.
   */
  bodyTimeoutMs?: number;
}

/** A listening Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** `http://host:port/mcp`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting, closes every session and the listener. Idempotent. Does not close the CodevMcpServer. */
  close(): Promise<void>;
}

/**
 * What codev adds to each `tools/call` result, under `_meta["codev/result"]`: the stable code of a failure
 * and the permission decision, for clients that want more than the text.
 */
export interface McpResultMeta {
  errorCode?: string;
  decision?: { behavior: 'allow' | 'deny'; source: string; rule?: string };
  /** Where the full result was saved when it was too large to send whole. */
  persistedPath?: string;
  durationMs: number;
}
