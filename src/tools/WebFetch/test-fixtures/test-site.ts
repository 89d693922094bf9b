import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server on `host` (127.0.0.1 unless told) for WebFetch tests; counts requests per path. */
export async function createTestSite(routes: Record<string, Route>, host = '127.0.0.1'): Promise<{ url: string; port: number; hits: Record<string, number>; connections(): number; close(): Promise<void> }> {
  const hits: Record<string, number> = {};
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits[path] = (hits[path] ?? 0) + 1;
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    void Promise.resolve(route(request, response)).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => server.listen(0, host, resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    hits,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export function html(body: string, status = 200): Route {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };
}

export function redirect(location: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

export const ARTICLE_HTML = `<!doctype html>
<html><head><title>Gardening Guide</title></head>
<body>
  <nav class="site-nav"><a href="/home">Home</a> | <a href="/shop">Shop</a> | NAVIGATION-MARKER</nav>
  <header><div class="banner">Subscribe to our newsletter</div></header>
  <main>
    <article>
      <h1>Gardening Guide</h1>
      <p>Tomatoes need full sun, regular watering and rich soil. This guide explains how to grow them from seed to harvest in a temperate climate, with notes on pruning, staking and common diseases that affect the plants during a wet summer.</p>
      <h2>Planting</h2>
      <p>Start seeds indoors six to eight weeks before the last frost. Transplant the seedlings when night temperatures stay above ten degrees, and bury the stem deeply so that it grows extra roots. Read the <a href="/docs/soil">soil guide</a> for details on compost.</p>
      <p><img src="/images/tomato.png" alt="A ripe tomato"></p>
      <h2>Watering</h2>
      <p>Water deeply twice a week rather than a little every day. Mulch keeps the soil moist and prevents splashing, which spreads blight. In very hot weather the plants may need water every day, preferably in the morning.</p>
      <ul><li>Use drip irrigation</li><li>Avoid wetting leaves</li></ul>
    </article>
  </main>
  <footer>Copyright FOOTER-MARKER</footer>
  <script>window.tracking = 'SCRIPT-MARKER'</script>
</body></html>`;
