import net from 'node:net';

/** A TCP proxy on loopback in front of a Redis, which can lose a reply the way a network does. */
export interface CuttingProxy {
  /** `redis://127.0.0.1:<port>`: connect the client under test here. */
  readonly url: string;
  readonly port: number;
  /**
   * Cuts the next connection that sends a request `matches` (the request text, RESP) as soon as Redis
   * answers it: the request reached Redis and ran, the client never hears the reply. Resolves once cut.
   */
  cutReplyTo(matches: (request: string) => boolean): Promise<void>;
  /** Stops listening (a connection attempt is then refused), or listens again on the same port. */
  refuse(refusing: boolean): Promise<void>;
  /** Closes the proxy and every connection through it. */
  close(): Promise<void>;
}

/**
 * Starts a proxy from a free loopback port to `127.0.0.1:<redisPort>`, for tests of what a client does when
 * a reply is lost (`cutReplyTo`) or Redis is out of reach (`refuse`). Only loopback; for tests only.
 */
export async function startCuttingProxy(options: { redisPort: number }): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  const cuts: { matches: (request: string) => boolean; done: () => void }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: options.redisPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let armed: (() => void) | undefined;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('close', cut);
    upstream.once('close', cut);
    client.on('data', (chunk: Buffer) => {
      const index = armed ? -1 : cuts.findIndex(({ matches }) => matches(chunk.toString('latin1')));
      if (index >= 0) armed = cuts.splice(index, 1)[0]!.done;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!armed) return void client.write(chunk);
      // The client sends one request at a time here, so the first reply after the armed request is its reply.
      cut();
      armed();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    cutReplyTo: (matches) => new Promise<void>((resolve) => cuts.push({ matches, done: resolve })),
    async refuse(refusing) {
      if (refusing === !server.listening) return;
      if (!refusing) return new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async close() {
      const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
