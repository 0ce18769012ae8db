import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can pull out and put back on the same port: what
 * the app sees when PostgreSQL restarts (its connections cut, new ones refused), without touching
 * the real server that the other suites share.
 */
export async function createCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A cut side ends the other: the app must see its connection die, not hang.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    /** `target` with the proxy as its host. */
    url: Object.assign(new URL(target), { hostname: '127.0.0.1', port: String(port) }).toString(),
    /** Refuses new connections and cuts the open ones. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type CuttableProxy = Awaited<ReturnType<typeof createCuttableProxy>>;
