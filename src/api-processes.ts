import cluster, { type Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';

const logger = new Logger('ApiProcesses');

/** A process that dies this often within a minute is failing, not crashing now and then. */
const MAX_RESTARTS_PER_MINUTE = 5;
/** How long the processes get to finish their requests on shutdown. */
const STOP_GRACE_MS = 30_000;

/**
 * WEB_CONCURRENCY API processes on one port, with node's cluster module: the primary only hands
 * connections to its processes and keeps them running; each process is the whole API (main.ts).
 * One process starts first, so migrations, the first admin and the shared secrets are made once;
 * the others start when it listens. A process that dies is replaced; SIGTERM or SIGINT stops them
 * all. Nothing a process keeps is needed by another (sessions, jobs and cache invalidation go
 * through PostgreSQL), as for replicas behind a load balancer.
 */
export async function superviseApiProcesses(count: number, started: () => void): Promise<void> {
  // The processes accept connections from the shared socket themselves, rather than the primary
  // accepting and handing each one over (node's default on Linux): a connection handed to a
  // process that dies in that instant is never answered nor closed, and its client hangs until
  // its own timeout. Accepted by the kernel, a connection waits in the socket's queue for any live
  // process; one the dying process had accepted is reset with it, so its client knows at once.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const restarts: number[] = [];

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const failed = (code: number | null) => reject(new Error(`An API process exited while starting (code ${code})`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        worker.once('exit', (code, signal) => void replace(worker, code, signal));
        resolve(worker);
      });
    });

  const replace = async (worker: Worker, code: number | null, signal: string | null): Promise<void> => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.error(`API processes keep dying (${restarts.length} in a minute); stopping`);
      return stop(1);
    }
    logger.warn(`API process ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`);
    await fork().catch((err: unknown) => {
      logger.error(err instanceof Error ? err.message : String(err));
      return stop(1);
    });
  };

  const stop = async (exitCode: number): Promise<void> => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const exited = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)));
    for (const w of workers) w.process.kill('SIGTERM');
    const late = setTimeout(() => workers.forEach((w) => w.isDead() || w.process.kill('SIGKILL')), STOP_GRACE_MS);
    await Promise.all(exited);
    clearTimeout(late);
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));

  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (err) {
    logger.error(err instanceof Error ? err.message : String(err));
    return stop(1);
  }
  started();
}
