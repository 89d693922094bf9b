import { randomUUID } from 'node:crypto';
import type { CodevMcpServer, McpServerSession } from '../types.ts';
import { loadHttpTransport, type StreamableHTTPServerTransport } from './load-http-transport.ts';

/** One client's MCP session over HTTP: its transport (which knows its Mcp-Session-Id) and the server's session. */
export interface HttpSession {
  readonly id: string;
  readonly transport: StreamableHTTPServerTransport;
  readonly session: McpServerSession;
}

/** The sessions of one endpoint, by Mcp-Session-Id. */
export interface HttpSessions {
  readonly size: number;
  get(id: string): HttpSession | undefined;
  /** A new session for an initialize request; `undefined` when `maxSessions` are open. */
  open(): Promise<HttpSession | undefined>;
  /** Marks a request of the session as running (a POST until answered, a GET stream while open): not idle until `settled`. */
  begin(session: HttpSession): { settled(): void };
  /** Closes every session (their calls aborted) and refuses new ones. */
  closeAll(): Promise<void>;
}

interface Entry extends HttpSession {
  /** The server's session once connected: closeAll waits for a session still connecting, then ends it too. */
  ready: Promise<McpServerSession>;
  running: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Mcp-Session-Id → session. A session leaves the table when it ends, whoever ended it (DELETE, the idle timer,
 * the server's close, the server itself); one no request has touched for `idleMs`, with none running (a call,
 * or the GET stream of a client still listening), is closed: a client gone without DELETE is forgotten. When
 * `maxSessions` are open, a new one ends the least recently used idle session first (clients that left without
 * DELETE must not lock everyone out until their idle time is up); only when every session is busy is it refused.
 */
export function createHttpSessions(options: { server: CodevMcpServer; maxSessions: number; idleMs: number }): HttpSessions {
  const entries = new Map<string, Entry>();
  const evicting = new Set<Promise<void>>();
  let closing = false;

  /** Ends idle sessions, least recently used first, until there is room for one more; false when all are busy. */
  const makeRoom = async (): Promise<boolean> => {
    while (entries.size >= options.maxSessions) {
      // The table is kept in order of use (begin() moves a session to the end): the first idle one is the oldest.
      const idle = [...entries.values()].find((entry) => entry.running === 0 && entry.session !== undefined);
      if (!idle) return false;
      clearTimeout(idle.idleTimer);
      entries.delete(idle.id);
      // Out of the table but not yet ended: closeAll waits for it too.
      const ending = idle.session.close();
      evicting.add(ending);
      await ending.finally(() => evicting.delete(ending));
    }
    return true;
  };

  const armIdleTimer = (entry: Entry) => {
    clearTimeout(entry.idleTimer);
    if (entry.running > 0 || closing) return;
    entry.idleTimer = setTimeout(() => void entry.session.close(), options.idleMs).unref();
  };

  return {
    get size() {
      return entries.size;
    },
    get: (id) => entries.get(id),
    async open() {
      if (closing) return undefined;
      const id = randomUUID();
      const { StreamableHTTPServerTransport } = await loadHttpTransport();
      // Checked again after the room is made: other initialize requests may have taken it meanwhile.
      if (closing || !(await makeRoom()) || closing || entries.size >= options.maxSessions) return undefined;
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
      const entry = { id, transport, running: 0, ready: options.server.connect(transport) } as Entry & { session: McpServerSession };
      entries.set(id, entry);
      try {
        entry.session = await entry.ready;
      } catch (error) {
        entries.delete(id);
        await transport.close().catch(() => {});
        throw error;
      }
      void entry.session.closed.finally(() => {
        clearTimeout(entry.idleTimer);
        entries.delete(id);
      });
      // Closed while it connected: closeAll ends it too, and no request may reach it.
      if (closing) {
        await entry.session.close();
        return undefined;
      }
      armIdleTimer(entry);
      return entry;
    },
    begin(session) {
      const entry = session as Entry;
      entry.running += 1;
      clearTimeout(entry.idleTimer);
      // Moved to the end of the table: the order of use that makeRoom evicts by.
      if (entries.delete(entry.id)) entries.set(entry.id, entry);
      let settled = false;
      return {
        settled() {
          if (settled) return;
          settled = true;
          entry.running -= 1;
          armIdleTimer(entry);
        },
      };
    },
    async closeAll() {
      closing = true;
      await Promise.allSettled([...entries.values()].map(async (entry) => {
        clearTimeout(entry.idleTimer);
        await (await entry.ready).close();
      }).concat([...evicting]));
      entries.clear();
    },
  };
}
