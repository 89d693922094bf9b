import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodevError } from '../../../../errors/codev-error.ts';
import type { UiRoute, UiServerContext } from '../../types.ts';

/** A loopback HTTP server answering `routes` as `codev ui`'s server does (JSON, errors by code, server-sent events). For tests. */
export interface RoutesServer {
  readonly url: string;
  /** GET or POST (JSON) `path`: the status and the parsed JSON. */
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** Reads `path`'s events until `until` says stop (or `timeoutMs`), then closes the stream. */
  events(path: string, until: (event: any, all: any[]) => boolean, timeoutMs?: number): Promise<any[]>;
  close(): Promise<void>;
}

/** The server's mapping of codes to statuses (src/ui/server's `uiErrorStatus`). */
function statusOf(code: string): number {
  if (code.endsWith('_NOT_FOUND') || code === 'FLEET_NOT_CONFIGURED') return 404;
  if (code === 'CLI_USAGE' || code.endsWith('_INVALID')) return 400;
  return 500;
}

export async function serveUiRoutes(options: { routes: UiRoute[]; context: Omit<UiServerContext, 'signal'> }): Promise<RoutesServer> {
  const closing = new AbortController();
  const context = { ...options.context, signal: closing.signal } as UiServerContext;
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const ended = new AbortController();
    response.on('close', () => ended.abort());
    closing.signal.addEventListener('abort', () => ended.abort(), { once: true });
    for (const route of options.routes) {
      if (route.method !== request.method) continue;
      const params = matchPattern(route.pattern, url.pathname);
      if (!params) continue;
      let text = '';
      for await (const chunk of request) text += chunk;
      try {
        const reply = await route.handle({ params, query: url.searchParams, ...(text && { body: JSON.parse(text) }), signal: ended.signal }, context);
        if ('json' in reply) {
          response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        await reply.stream(async (event) => void response.write(`data: ${JSON.stringify(event)}\n\n`), ended.signal);
        response.end();
      } catch (error) {
        const body = CodevError.isInstance(error) ? { error: { code: error.code, message: error.message } } : { error: { code: 'UI_SERVE_FAILED', message: String(error) } };
        response.writeHead(CodevError.isInstance(error) ? statusOf(error.code) : 500, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async request(method, path, body) {
      const response = await fetch(`${url}${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
      return { status: response.status, json: await response.json() };
    },
    async events(path, until, timeoutMs = 20_000) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const all: any[] = [];
      try {
        const response = await fetch(`${url}${path}`, { signal: controller.signal });
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = JSON.parse(buffer.slice(0, end).replace(/^data: /, ''));
            buffer = buffer.slice(end + 2);
            all.push(event);
            if (until(event, all)) return all;
          }
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
      throw new Error(`the stream ended before its event; it sent ${JSON.stringify(all).slice(0, 2000)}`);
    },
    async close() {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(have[index]!);
    else if (part !== have[index]) return undefined;
  }
  return params;
}
