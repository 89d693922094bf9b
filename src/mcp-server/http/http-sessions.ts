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
  /**
   * A new session for an initialize request, not yet admitted (it makes no room yet: the transport may still
   * refuse the request); `undefined` when `maxSessions` are busy (running a request, listening or connecting).
   */
  open(): Promise<HttpSession | undefined>;
  /**
   * Whether the transport of a session `open` made accepted its initialize, and room was made for it then (idle
   * sessions ended, least recently used first, before the initialize reached the server): else the caller ends it.
   */
  admitted(session: HttpSession): boolean;
  /** Marks a request of the session as running (a POST until answered, a GET stream while open): not idle until `settled`. */
  begin(session: HttpSession): { settled(): void };
  /** Closes every session (their calls aborted) and refuses new ones. */
  closeAll(): Promise<void>;
}

interface Entry extends HttpSession {
  /** Its initialize was accepted by the transport and room made for it. */
  admitted?: boolean;
  /** The server's session once connected: closeAll waits for a session still connecting, then ends it too. */
  ready: Promise<McpServerSession>;
  running: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Mcp-Session-Id → session. A session leaves the table when it ends, whoever ended it (DELETE, the idle timer,
 * the server's close, the server itself); one no request has touched for `idleMs`, with none running (a call,
 * or the GET stream of a client still listening), is closed: a client gone without DELETE is forgotten. When
 * `maxSessions` are open, a new one (once the transport has accepted its initialize: a refused one ends no one's)
 * ends the least recently used idle session first (clients that left without
 * DELETE must not lock everyone out until their idle time is up); only when every session is busy is it refused.
 */
export function createHttpSessions(options: { server: CodevMcpServer; maxSessions: number; idleMs: number }): HttpSessions {
  const entries = new Map<string, Entry>();
  const evicting = new Set<Promise<void>>();
  let closing = false;

  const isIdle = (entry: Entry) => entry.running === 0 && entry.session !== undefined;

  /** Ends idle sessions but `admitted`, least recently used first, until the table is within maxSessions; false when all are busy. */
  const makeRoom = async (admitted: Entry): Promise<boolean> => {
    while (entries.size > options.maxSessions) {
      // The table is kept in order of use (begin() moves a session to the end): the first idle one is the oldest.
      const idle = [...entries.values()].find((entry) => entry !== admitted && isIdle(entry));
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
      // Room is made only once the transport has accepted the initialize (onsessioninitialized): a request it refuses must end no
      // one's session. Until then the busy sessions, this one among them, stay within maxSessions.
      if (closing || [...entries.values()].filter((entry) => !isIdle(entry)).length >= options.maxSessions) return undefined;
      // Called by the transport once it has accepted the initialize, before the server sees it: its answer is
      // sent with the table back within maxSessions. Throwing (every other session busy) refuses the initialize.
      const onsessioninitialized = async () => {
        if (!(await makeRoom(entry))) throw new Error('Service Unavailable: too many sessions');
        entry.admitted = true;
      };
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id, onsessioninitialized });
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
    admitted: (session) => (session as Entry).admitted === true,
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
