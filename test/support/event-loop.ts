import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * How `work` kept the event loop from other callbacks: the longest wait of its timers, and the
 * time the loop's own thread was busy (eventLoopUtilization, which a machine busy with other
 * processes does not inflate as it does the waits), both in milliseconds.
 */
export async function loopWhile<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; busyMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const before = performance.eventLoopUtilization();
  try {
    const result = await work();
    const { active } = performance.eventLoopUtilization(before);
    return { result, stallMs: delay.max / 1e6, busyMs: active };
  } finally {
    delay.disable();
  }
}
