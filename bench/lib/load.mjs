/**
 * A small closed-loop HTTP load generator: `connections` keep-alive clients each send the next
 * request as soon as the previous answer arrives, for `seconds`. Runs in its own process so it
 * never shares an event loop with the server it measures.
 */
import http from 'node:http';

export async function load({ url, connections = 32, seconds = 3, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers },
        (res) => {
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors, bytes };
}

// As a child process: run one load and report it to the parent.
if (process.argv[2] === '--child') {
  process.once('message', async (options) => {
    process.send(await load(options));
    process.exit(0);
  });
}
