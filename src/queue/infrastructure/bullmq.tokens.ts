/** The Redis connection of this process's queue (the API's fails fast, the worker's waits: redis-connection.ts). */
export const QUEUE_REDIS = Symbol('QUEUE_REDIS');
/** The BullMQ queue @nestjs/bullmq registered under the queue's name (getQueueToken), by a name of our own. */
export const BULL_QUEUE = Symbol('BULL_QUEUE');
/** The API's listener of the queue's events (bullJobEventsFor), by a name of our own. */
export const BULL_EVENTS = Symbol('BULL_EVENTS');
