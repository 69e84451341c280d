import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * How `work` kept the event loop from other callbacks: the longest wait of its timers, and the
 * time the loop's own thread was busy (eventLoopUtilization, which a machine busy with other
 * processes does not inflate as it does the waits), and the whole time the work took, all in
 * milliseconds. Tests compare these with each other, never with a fixed figure: a busy machine
 * stretches them all alike.
 */
export async function loopWhile<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; busyMs: number; elapsedMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const before = performance.eventLoopUtilization();
  try {
    const result = await work();
    const { active, idle } = performance.eventLoopUtilization(before);
    return { result, stallMs: delay.max / 1e6, busyMs: active, elapsedMs: active + idle };
  } finally {
    delay.disable();
  }
}
