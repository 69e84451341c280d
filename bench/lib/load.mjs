/**
 * Load for the benchmarks: `connections` keep-alive clients, each sending the next request as
 * soon as the previous answer arrives, for `seconds`. Run it as a child process (`--child`) so it
 * never shares an event loop with the server it measures.
 *
 * The load comes from wrk (Debian's package `wrk`) when it is installed, else from autocannon.
 * On one machine the load takes CPU from the server it measures, and the two differ by much:
 * measured on this 2-core machine, wrk (C) costs about 30 us of CPU a request and autocannon
 * (Node) 150-200 us, a fifth of the machine at 2,000 requests/s. Every report names the one used.
 *
 * `bust: true` adds a parameter of its own to every request's address (`x=1`, `x=2`, ...), as a
 * crawler or an attacker trying to get past a cache would.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export async function wrkInstalled() {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (err) {
    // wrk prints its version and exits 1; only a missing program is "not installed".
    return err.code !== 'ENOENT';
  }
}

export async function load(options) {
  return (await wrkInstalled()) ? loadWithWrk(options) : loadWithAutocannon(options);
}

const busted = (url, n) => `${url}${url.includes('?') ? '&' : '?'}x=${n}`;

async function loadWithAutocannon({ url, connections = 32, seconds = 3, headers = {}, bust = false }) {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(bust ? { requests: [{ setupRequest: (req) => ({ ...req, path: busted(req.path, ++n) }) }] } : {}),
  });
  return {
    generator: 'autocannon',
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A wrk script giving every request an address of its own. */
const BUST_SCRIPT = `local n = 0
request = function()
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "x=" .. n)
end
`;

async function loadWithWrk({ url, connections = 32, seconds = 3, headers = {}, bust = false }) {
  const args = ['-t', '1', '-c', String(connections), '-d', `${Math.max(1, Math.round(seconds))}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (bust) {
    const script = join(tmpdir(), `archive-bench-bust-${process.pid}.lua`);
    writeFileSync(script, BUST_SCRIPT);
    args.push('-s', script);
  }
  const { stdout } = await run('wrk', [...args, url]);
  const latency = (pct) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)$`, 'm').exec(stdout);
    return m ? Number(m[1]) * MS[m[2]] : NaN;
  };
  const done = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(stdout);
  if (!done) throw new Error(`wrk gave no result:\n${stdout}`);
  const requests = Number(done[1]);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    generator: 'wrk',
    requests,
    rps: requests / ((Number(done[2]) * MS[done[3]]) / 1000),
    p50: latency(50),
    p99: latency(99),
    errors:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0),
  };
}

// As a child process: run one load and report it to the parent.
if (process.argv[2] === '--child') {
  process.once('message', async (options) => {
    process.send(await load(options));
    process.exit(0);
  });
}
