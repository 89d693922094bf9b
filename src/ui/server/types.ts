/** The server of `codev ui`: what its routes are given and answer. Types only. */
import type { Fleet } from '../../fleet/types.ts';
import type { Kernel } from '../../kernel/types.ts';
import type { SessionStore } from '../../transcripts/types.ts';
import type { UiError } from '../types.ts';

/** What every route reads: the project's stores and pool, opened once by `serveUi`. Never a copy of a store. */
export interface UiServerContext {
  /** The project root (where `.codev/` is), absolute. */
  projectRoot: string;
  /** `<projectRoot>/.codev/sessions`: the file store's folder. */
  sessionsDirectory: string;
  /** The project's file session store (`createFileSessionStore` over `sessionsDirectory`). */
  sessions: SessionStore;
  /** The project's kernel, watching (hot reload): the tool pool and the rules as they are now. */
  kernel: Kernel;
  /** The fleet, when one is configured; its sessions are in `fleetSessions` (Redis). */
  fleet?: { fleet: Fleet; queue: string; sessions: SessionStore };
  /** Why the configured fleet cannot be used (unreachable Redis, refused password), when it cannot. */
  fleetError?: UiError['error'];
  /** Ends with the server: long reads and streams stop on it. */
  signal: AbortSignal;
}

/** A request as a route sees it: its path's `:params`, its query, its JSON body (POST), and its end. */
export interface UiRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The parsed JSON body of a POST (bounded; not JSON → 400 before the route runs). */
  body?: unknown;
  /** Aborted when the client goes away or the server closes. */
  signal: AbortSignal;
}

/** What a route answers: JSON (status 200 unless given), or a stream of server-sent events. */
export type UiReply =
  | { status?: number; json: unknown }
  | {
      /**
       * Writes events with `send` (each one `data:` line of JSON) until `signal` aborts (the client left, the
       * server closes) or it returns. The server sends `{ type: 'ping' }` every 15 s and bounds how many
       * streams are open at once. `send` resolves once the client has taken the event in (what waits for it
       * under the stream's buffer bound): a writer of many events at once awaits it; a client that does not
       * read for a while has its stream ended. It never rejects.
       */
      stream(send: (event: unknown) => Promise<void>, signal: AbortSignal): Promise<void>;
    };

/**
 * One route: `pattern` is a path with `:name` segments (`/api/sessions/:id`); `handle` throws a `CodevError`
 * for a failure, which the server answers as `UiError` with the code's HTTP status (NOT_FOUND codes 404,
 * CLI_USAGE and invalid input 400, FLEET_NOT_CONFIGURED 404, the others 500).
 */
export interface UiRoute {
  method: 'GET' | 'POST';
  pattern: string;
  handle(request: UiRequest, context: UiServerContext): Promise<UiReply>;
}
