import { CodevError } from '../errors/codev-error.ts';
import { createToolLister } from './list-served-tools.ts';
import { loadServerSdk } from './load-server-sdk.ts';
import { limitServedToolNames } from './served-tool-name-limit.ts';
import { openMcpSession, type OpenMcpSession } from './open-mcp-session.ts';
import type { CodevMcpServer, CreateMcpServerOptions } from './types.ts';

/**
 * Serves a kernel's tool pool over MCP: each `connect` is one client with its own session (rules it keeps,
 * results folder, call queue). Every `tools/call` runs through `runToolUse` with the project's rules, hooks
 * and sandbox; an ask becomes an elicitation where the client supports it, else `askFallback` answers. A
 * kernel reload tells every client `notifications/tools/list_changed`. The MCP SDK is loaded at the first
 * `connect`.
 *
 * @example
 * const server = createMcpServer({ kernel: await createKernel({ watch: true }) });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(options: CreateMcpServerOptions): CodevMcpServer {
  const { kernel } = options;
  const sessions = new Set<OpenMcpSession>();
  // One options object for every session: the served-tools rule is made once per options object.
  const served: CreateMcpServerOptions = { ...options, tools: limitServedToolNames(options) };
  const listTools = createToolLister(served);
  const stopListening = [
    kernel.on('reload', () => {
      for (const session of sessions) session.notifyToolListChanged();
    }),
    kernel.on('reload-error', ({ errors, kept }) => {
      for (const error of errors) options.onWarning?.(`${kept ? 'The reload failed, the tools stay as they were' : 'A plugin kept its last good version'}: ${error.message}${error.file ? ` (${error.file})` : ''}`);
    }),
  ];
  const connecting = new Set<Promise<OpenMcpSession>>();
  let closing: Promise<void> | undefined;
  return {
    kernel,
    get sessions() {
      return [...sessions];
    },
    async connect(transport) {
      if (closing) throw closedError();
      const opening = (async () => {
        const sdk = await loadServerSdk();
        if (closing) throw closedError();
        // Known from the moment it holds its folder, so that a close() meanwhile ends it too.
        const onOpening = (session: OpenMcpSession) => {
          sessions.add(session);
          void session.closed.then(() => sessions.delete(session));
          if (closing) void session.close();
        };
        return openMcpSession({ sdk, kernel, serverOptions: served, transport, listTools, onOpening });
      })();
      connecting.add(opening);
      try {
        const session = await opening;
        // Closed meanwhile (or the transport closed at once): the session must not outlive the server.
        if (closing) await session.close();
        return session;
      } finally {
        connecting.delete(opening);
      }
    },
    close() {
      closing ??= (async () => {
        for (const stop of stopListening) stop();
        const closeAll = () => Promise.all([...sessions].map((session) => session.close()));
        // The sessions known now (those still connecting among them), then those that were not yet known.
        await closeAll();
        await settledWithin([...connecting], CONNECTING_GRACE_MS);
        await closeAll();
      })();
      return closing;
    },
  };
}

/** How long closing waits for a connect under way (a transport that never finishes starting must not hold it). */
const CONNECTING_GRACE_MS = 10_000;

async function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms).unref()));
  await Promise.race([Promise.allSettled(promises), grace]);
  clearTimeout(timer);
}

function closedError(): CodevError {
  return new CodevError('MCP_SERVE_FAILED', 'The MCP server is closed', { hint: 'create a new one with createMcpServer' });
}
