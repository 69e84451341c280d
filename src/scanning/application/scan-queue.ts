import { Inject, Injectable } from '@nestjs/common';
import type { ScanJob } from '../../../contracts/scanning.js';
import type { StoredScanResult } from './scan-job.types.js';
import type { QueueHealth } from '../../health/index.js';
import { JOB_QUEUE, type JobName, type JobQueue, type JobResult } from '../../queue/index.js';
import type { ScanJobCatalogue } from './scan-job.catalogue.js';
import { asScanError } from './scan-job.failures.js';

type ScanJobName = JobName<ScanJobCatalogue>;

/** A scan job as GET /api/scans/{id}/ answers it, its result as the job kept it (the HTTP layer shapes it). */
export type ScanJobStatus = Omit<ScanJob, 'result'> & { result?: StoredScanResult };

/** Runs a call to the queue, answering its errors as ScanErrors. */
function inScanTerms<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw asScanError(err);
  });
}

/**
 * The job queue as scanning uses it: scan jobs in, ScanErrors out, and jobs as GET /api/scans/{id}/
 * answers them. It also reports the queue's state to the health check.
 */
@Injectable()
export class ScanQueue implements QueueHealth {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue<ScanJobCatalogue>) {}

  /** Throws ScanError SCAN.QUEUE_UNAVAILABLE (503) when jobs cannot be queued right now. */
  assertAvailable(): Promise<void> {
    return inScanTerms(this.queue.assertAvailable());
  }

  hasConsumers(): Promise<boolean> {
    return inScanTerms(this.queue.hasConsumers());
  }

  enqueue<N extends ScanJobName>(name: N, payload: ScanJobCatalogue[N]['payload'], jobId: string): Promise<void> {
    return inScanTerms(this.queue.enqueue(name, payload, jobId));
  }

  async status(jobId: string): Promise<ScanJobStatus | null> {
    const job = await inScanTerms(this.queue.status(jobId));
    // A whole-book import's chunks are followed through the import (GET /api/book_imports/{id}/).
    if (!job || job.name === 'book.read') return null;
    return {
      job_id: job.id,
      name: job.name,
      state: job.state,
      progress: job.progress,
      attempts: job.attempts,
      ...('result' in job ? { result: job.result } : {}),
      ...('error' in job ? { error: job.error } : {}),
    };
  }

  /** The job's result; a job that failed throws a ScanError with the code, message and status it failed with. */
  waitUntilFinished<N extends ScanJobName>(jobId: string, signal?: AbortSignal): Promise<JobResult<ScanJobCatalogue, N>> {
    return inScanTerms(this.queue.waitUntilFinished<N>(jobId, signal));
  }

  async state(): ReturnType<QueueHealth['state']> {
    const mode = this.queue.kind === 'bullmq' ? 'redis' : 'in-process';
    try {
      await this.assertAvailable();
      const consumers = await this.hasConsumers();
      return {
        mode,
        ok: true,
        workers: consumers,
        ...(consumers ? {} : { detail: 'No scan worker is running: start one with npm run worker' }),
      };
    } catch (err) {
      return { mode, ok: false, detail: (err as Error).message };
    }
  }
}
