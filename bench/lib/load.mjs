/**
 * Load for the benchmarks: autocannon with `connections` keep-alive clients, each sending the next
 * request as soon as the previous answer arrives, for `seconds`. Run it as a child process
 * (`--child`) so it never shares an event loop with the server it measures.
 */
import autocannon from 'autocannon';

export async function load({ url, connections = 32, seconds = 3, headers = {} }) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.total,
  };
}

// As a child process: run one load and report it to the parent.
if (process.argv[2] === '--child') {
  process.once('message', async (options) => {
    process.send(await load(options));
    process.exit(0);
  });
}
