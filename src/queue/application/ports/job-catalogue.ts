/**
 * The jobs a queue runs, by name: each one's payload, result and progress report. Its user declares
 * it as a type alias (an interface has no index signature, so it would not fit this shape).
 * Progress is an object: BullMQ answers the number 0 for a job that has reported none.
 */
export type JobCatalogueShape = Record<string, { payload: unknown; result: unknown; progress: object }>;

export type JobName<C extends JobCatalogueShape> = Extract<keyof C, string>;
export type JobPayload<C extends JobCatalogueShape, N extends JobName<C>> = C[N]['payload'];
export type JobResult<C extends JobCatalogueShape, N extends JobName<C>> = C[N]['result'];
export type JobProgress<C extends JobCatalogueShape, N extends JobName<C>> = C[N]['progress'];

/**
 * The catalogue at run time: an entry for every job of C (the type makes a missing one a compile
 * error). Queues, handlers and the start-up check all key on it, so a job cannot be queued that
 * nothing would run.
 */
export type JobCatalogue<C extends JobCatalogueShape> = {
  readonly [N in JobName<C>]: {
    /** The progress a job shows before its handler has reported any. */
    initialProgress(payload: JobPayload<C, N>): JobProgress<C, N>;
  };
};
