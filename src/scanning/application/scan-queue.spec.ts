import { describe, expect, it } from 'vitest';
import { QueueError, type JobQueue, type JobStatus } from '../../queue/index.js';
import type { ScanJobCatalogue } from './scan-job.catalogue.js';
import { ScanQueue } from './scan-queue.js';

type Jobs = JobQueue<ScanJobCatalogue>;

/** A queue answering as told: its status, and whether it is reachable and consumed. */
function queueAnswering(
  kind: Jobs['kind'],
  answer: { status?: JobStatus<ScanJobCatalogue> | null; down?: boolean; consumers?: boolean },
): Jobs {
  const unlessDown = async <T>(value: T) => {
    if (answer.down) throw QueueError.unavailable();
    return value;
  };
  return {
    kind,
    assertAvailable: () => unlessDown(undefined),
    hasConsumers: () => unlessDown(answer.consumers ?? true),
    enqueue: () => unlessDown(undefined),
    status: () => unlessDown(answer.status ?? null),
    waitUntilFinished: () =>
      Promise.reject(QueueError.jobFailed({ code: 'IMAGE.UNREADABLE', message: 'page_0 is not an image', status: 400 })),
  };
}

const progress = { pages_done: 2, pages_total: 2 };

describe('ScanQueue', () => {
  it('answers a job as GET /api/scans/{id}/ gives it, fields in the same order', async () => {
    const failed: JobStatus<ScanJobCatalogue> = {
      id: 'scan-1-aa',
      name: 'scan.pages',
      state: 'failed',
      progress,
      attempts: 3,
      error: { code: 'EXTRACTION.AI_PROVIDER_FAILED', message: 'The AI provider (OpenAI) failed: 500', status: 502 },
    };
    const status = await new ScanQueue(queueAnswering('bullmq', { status: failed })).status('scan-1-aa');
    expect(JSON.stringify(status)).toBe(
      JSON.stringify({ job_id: 'scan-1-aa', name: 'scan.pages', state: 'failed', progress, attempts: 3, error: failed.error }),
    );
    const queued = await new ScanQueue(
      queueAnswering('bullmq', { status: { id: 'scan-1-bb', name: 'scan.reprocess', state: 'queued', progress, attempts: 0 } }),
    ).status('scan-1-bb');
    expect(queued).toEqual({ job_id: 'scan-1-bb', name: 'scan.reprocess', state: 'queued', progress, attempts: 0 });
    expect(queued).not.toHaveProperty('result');
  });

  it('throws ScanErrors: the scan queue unavailable, a failed job with its own code', async () => {
    const down = new ScanQueue(queueAnswering('bullmq', { down: true }));
    await expect(down.enqueue('scan.pages', { publicationId: 1, pages: [] }, 'scan-1-aa')).rejects.toMatchObject({
      code: 'SCAN.QUEUE_UNAVAILABLE',
      status: 503,
    });
    await expect(down.status('scan-1-aa')).rejects.toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE' });
    await expect(new ScanQueue(queueAnswering('in-process', {})).waitUntilFinished('scan-1-aa')).rejects.toMatchObject({
      code: 'IMAGE.UNREADABLE',
      status: 400,
    });
  });

  it('reports the queue to the health check: its mode, whether a worker consumes it, why not', async () => {
    expect(await new ScanQueue(queueAnswering('in-process', {})).state()).toEqual({ mode: 'in-process', ok: true, workers: true });
    expect(await new ScanQueue(queueAnswering('bullmq', { consumers: false })).state()).toEqual({
      mode: 'redis',
      ok: true,
      workers: false,
      detail: 'No scan worker is running: start one with npm run worker',
    });
    expect(await new ScanQueue(queueAnswering('bullmq', { down: true })).state()).toEqual({
      mode: 'redis',
      ok: false,
      detail: 'The scan queue (Redis) is unavailable, so pages cannot be scanned right now. Please try again later.',
    });
  });
});
