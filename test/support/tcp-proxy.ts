import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops accepting and cuts every open connection: to its clients, the server is gone. */
  cut(): Promise<void>;
  /** Cuts every open connection, then accepts new ones but never answers: a server that hangs. */
  hang(): void;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder on 127.0.0.1 to simulate a database outage for one application without stopping
 * the shared PostgreSQL server other suites are using.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let hanging = false;
  const server = net.createServer((client) => {
    if (hanging) {
      sockets.add(client.on('close', () => sockets.delete(client)).on('error', () => client.destroy()));
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutOpen = () => {
    for (const s of sockets) s.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      cutOpen();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  return {
    port,
    cut: stop,
    hang: () => {
      hanging = true;
      cutOpen();
    },
    restore: async () => {
      hanging = false;
      cutOpen();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
