import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CodevError } from '../../errors/codev-error.ts';
import { isLoopbackHost } from '../../mcp-server/http/check-request-access.ts';
import { listenHttp } from '../../mcp-server/http/listen-http.ts';
import { createUiAccess } from './create-ui-access.ts';
import { defaultUiRoutes } from './default-ui-routes.ts';
import { findPageDirectory } from './find-page-directory.ts';
import { handleUiRequest } from './handle-ui-request.ts';
import { compileRoutes } from './match-route.ts';
import { openUiContext, type OpenedUiContext } from './open-ui-context.ts';
import type { UiRoute, UiServerContext } from './types.ts';
import { toUiError } from './ui-error-status.ts';
import { createUiStreams } from './ui-streams.ts';
import { writeJson } from './write-answers.ts';

/** How `serveUi` serves. */
export interface ServeUiOptions {
  /** Where the project is looked for (upward, as every command does). Default `process.cwd()`. */
  cwd?: string;
  /** Default `127.0.0.1`. Another host needs a token given (`token`): a random one is refused there. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** The token: a bearer, or traded once at `/?token=` for a session cookie. Default: 32 random bytes, base64url. */
  token?: string;
  /** The fleet's Redis (default `CODEV_REDIS_URL`; none: no fleet) and queue (default `codev`). */
  redis?: string;
  queue?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** The API's routes. Default: the sessions, the fleet and the tools (`defaultUiRoutes`). */
  routes?: readonly UiRoute[];
  /** How many server-sent-event streams may be open at once (more answer 503). Default 64. */
  maxStreams?: number;
  /** How often an open stream is pinged. Default 15 s. */
  pingIntervalMs?: number;
}

/** A running `codev ui` server. */
export interface UiServer {
  /** `http://host:port/` */
  url: string;
  /** The URL that lets a browser in once: `url` + `?token=…` (sets the cookie). */
  loginUrl: string;
  port: number;
  token: string;
  context: UiServerContext;
  /** How many event streams are open now. */
  readonly openStreams: number;
  /** Stops listening, ends every stream and connection, closes the kernel and the fleet. Bounded; idempotent. */
  close(): Promise<void>;
}

/** How long `close()` waits for streams and requests to end before it cuts their connections. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Serves the page of `codev ui` and its API over HTTP, in stages: check the options (a host off loopback only
 * with a given token), find the built page, open the context (kernel, sessions, fleet), listen. UI_PAGE_MISSING
 * when the page is not built; UI_SERVE_FAILED when the port cannot be had or the host is not safe.
 */
export async function serveUi(options: ServeUiOptions = {}): Promise<UiServer> {
  const host = options.host ?? '127.0.0.1';
  const env = options.env ?? process.env;
  if (!isLoopbackHost(host) && options.token === undefined) {
    throw new CodevError('UI_SERVE_FAILED', `Serving codev ui on ${host} would show this project's sessions to whoever reaches that address with a token nobody chose.`, { hint: 'serve on 127.0.0.1 (the default), or give a token of your own (--token T) and a way to reach it you trust' });
  }
  const token = options.token ?? randomBytes(32).toString('base64url');
  const pageDirectory = findPageDirectory(env);
  const stop = new AbortController();
  const opened = await openUiContext({ cwd: options.cwd ?? process.cwd(), env, ...(options.redis !== undefined && { redis: options.redis }), ...(options.queue !== undefined && { queue: options.queue }), signal: stop.signal });
  try {
    return await listen({ options, host, token, pageDirectory, opened, stop });
  } catch (error) {
    stop.abort();
    await opened.close();
    throw error;
  }
}

async function listen(state: { options: ServeUiOptions; host: string; token: string; pageDirectory: string; opened: OpenedUiContext; stop: AbortController }): Promise<UiServer> {
  const { options, host, token, opened, stop } = state;
  const routes = compileRoutes(options.routes ?? defaultUiRoutes());
  const streams = createUiStreams({ max: options.maxStreams ?? 64, ...(options.pingIntervalMs !== undefined && { pingIntervalMs: options.pingIntervalMs }) });
  let handling: Parameters<typeof handleUiRequest>[0] | undefined;
  const server: Server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (request, response) => {
    if (!handling) return response.destroy();
    handleUiRequest(handling, request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      const { status, body } = toUiError(error);
      writeJson(response, status, body);
    });
  });
  const port = await listenHttp(server, { host, port: options.port ?? 0, code: 'UI_SERVE_FAILED', serving: 'codev ui' });
  const access = createUiAccess({ host, port, token });
  handling = { access, routes, pageDirectory: state.pageDirectory, streams, context: opened.context };
  const url = `${access.origin}/`;
  let closing: Promise<void> | undefined;
  return {
    url,
    loginUrl: `${url}?token=${token}`,
    port,
    token,
    context: opened.context,
    get openStreams() {
      return streams.size;
    },
    close: () =>
      (closing ??= (async () => {
        stop.abort();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await streams.closeAll(CLOSE_GRACE_MS);
        server.closeAllConnections();
        await stopped;
        await opened.close();
      })()),
  };
}
