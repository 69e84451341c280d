import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops accepting and cuts every open connection: to its clients, the server is gone (refused). */
  cut(): Promise<void>;
  /** Cuts every open connection, then accepts new ones but never answers: a server that hangs. */
  hang(): void;
  /**
   * Packets dropped both ways, nothing refused: open connections stay open and silent, new ones
   * get no answer (a firewall's black hole, a server whose machine froze).
   */
  blackhole(): void;
  /** The open connections stop answering mid-statement; new ones are served (one hung connection). */
  stall(): void;
  /** Cuts whatever was cut off or silenced, and serves new connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder on 127.0.0.1 to make a database fault for one application without touching the
 * shared PostgreSQL server other suites are using.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Sockets whose bytes are dropped from now on. */
  const silenced = new WeakSet<net.Socket>();
  let answerNew = true;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  const server = net.createServer((client) => {
    track(client);
    if (!answerNew) {
      silenced.add(client);
      client.on('error', () => client.destroy()).resume();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!silenced.has(from) && !silenced.has(to)) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('end', () => (silenced.has(s) ? undefined : (s === client ? upstream : client).end()));
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutOpen = () => {
    for (const s of sockets) s.destroy();
  };
  const silenceOpen = () => {
    for (const s of sockets) silenced.add(s);
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
      answerNew = false;
      cutOpen();
    },
    blackhole: () => {
      answerNew = false;
      silenceOpen();
    },
    stall: silenceOpen,
    restore: async () => {
      answerNew = true;
      cutOpen();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
