/**
 * Limits for a command line a test runs with spawnSync. spawnSync blocks the test process's event
 * loop, so vitest's own timeouts cannot end a command that hangs: the whole suite would wait with
 * it. This kills the command, and the test fails on its exit status with what it printed.
 */
export const CLI_LIMITS = { timeout: 180_000, killSignal: 'SIGKILL' } as const;
