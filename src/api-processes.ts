import cluster, { type Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';
import { Backoff, seconds } from './common/backoff.js';

const logger = new Logger('ApiProcesses');

/** How long the processes get to finish their requests on shutdown. */
const STOP_GRACE_MS = 30_000;
/** A process that served this long before it died was sound: its replacement starts at once. */
const SERVED_WELL_MS = 60_000;

/** One of the WEB_CONCURRENCY places: the waits between the restarts of the process in it. */
interface Slot {
  backoff: Backoff;
  timer?: NodeJS.Timeout;
  /** Called the first time a process in this slot listens. */
  listened?: () => void;
}

/**
 * WEB_CONCURRENCY API processes on one port, with node's cluster module: the primary only hands
 * connections to its processes and keeps them running; each process is the whole API (main.ts).
 * One process starts first, so migrations, the first admin and the shared secrets are made once;
 * the others start when it listens. A process that dies, while starting or serving, is started
 * again, after a wait that doubles from 1 s to 30 s while its starts keep failing (a database
 * still away, a machine too busy), and at once when it had served well for a minute: the
 * supervisor never gives up, so the archive comes back by itself once its cause is gone. SIGTERM
 * or SIGINT stops them all. Nothing a process keeps is needed by another (sessions, jobs and cache
 * invalidation go through PostgreSQL), as for replicas behind a load balancer.
 */
export async function superviseApiProcesses(count: number, exec: string, started: () => void): Promise<void> {
  // The processes accept connections from the shared socket themselves, rather than the primary
  // accepting and handing each one over (node's default on Linux): a connection handed to a
  // process that dies in that instant is never answered nor closed, and its client hangs until
  // its own timeout. Accepted by the kernel, a connection waits in the socket's queue for any live
  // process; one the dying process had accepted is reset with it, so its client knows at once.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Only now: setupPrimary freezes the scheduling policy, so called earlier it kept the default.
  cluster.setupPrimary({ exec });
  let stopping = false;
  const slots: Slot[] = Array.from({ length: count }, () => ({ backoff: new Backoff() }));

  const run = (slot: Slot): void => {
    const worker = cluster.fork();
    let listeningSince: number | undefined;
    worker.once('listening', () => {
      listeningSince = Date.now();
      logger.log(`API process ${worker.process.pid} serving`);
      slot.listened?.();
      slot.listened = undefined;
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      const servedWell = listeningSince !== undefined && Date.now() - listeningSince >= SERVED_WELL_MS;
      if (servedWell) slot.backoff.reset();
      const wait = servedWell ? 0 : slot.backoff.next();
      const after = wait ? ` in ${seconds(wait)}` : '';
      if (listeningSince === undefined) logger.error(`An API process exited while starting (${how}); starting another${after}`);
      else logger.warn(`API process ${worker.process.pid} died (${how}); starting another${after}`);
      slot.timer = setTimeout(() => run(slot), wait);
    });
  };
  /** Starts the slot's process, resolving once one has listened there (however many tries it took). */
  const start = (slot: Slot) =>
    new Promise<void>((resolve) => {
      slot.listened = resolve;
      run(slot);
    });

  const stop = async (): Promise<void> => {
    stopping = true;
    for (const slot of slots) clearTimeout(slot.timer);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const exited = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)));
    for (const w of workers) w.process.kill('SIGTERM');
    const late = setTimeout(() => workers.forEach((w) => w.isDead() || w.process.kill('SIGKILL')), STOP_GRACE_MS);
    await Promise.all(exited);
    clearTimeout(late);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());

  const [first, ...others] = slots;
  await start(first!);
  await Promise.all(others.map(start));
  if (!stopping) started();
}
