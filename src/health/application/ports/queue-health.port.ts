/** Whatever runs scan jobs reports its state here (the scanning module provides it). */
export interface QueueHealth {
  state(): Promise<{ mode: 'in-process' | 'redis'; ok: boolean; workers?: boolean; detail?: string }>;
}

export const QUEUE_HEALTH = Symbol('QUEUE_HEALTH');
