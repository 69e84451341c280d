import { Inject, Injectable } from '@nestjs/common';
import type { JobCatalogueShape, JobName } from './ports/job-catalogue.js';
import { JOB_HANDLERS, type JobHandler } from './ports/job-queue.port.js';
import { QUEUE_DEFINITION, type QueueDefinition } from './queue-definition.js';

export class JobCatalogueError extends Error {}

/**
 * The handlers of a queue by job name. Built at start-up, it refuses to start unless every job of
 * the queue's catalogue has exactly one handler and no handler names a job the catalogue lacks.
 */
@Injectable()
export class JobHandlerRegistry<C extends JobCatalogueShape = JobCatalogueShape> {
  private readonly byName = new Map<string, JobHandler<C>>();

  constructor(
    @Inject(QUEUE_DEFINITION) definition: Pick<QueueDefinition<C>, 'name' | 'catalogue'>,
    @Inject(JOB_HANDLERS) handlers: JobHandler<C>[],
  ) {
    const names = Object.keys(definition.catalogue);
    const problems: string[] = [];
    for (const handler of handlers) {
      if (!names.includes(handler.jobName)) problems.push(`handler for unknown job "${handler.jobName}"`);
      else if (this.byName.has(handler.jobName)) problems.push(`two handlers for job "${handler.jobName}"`);
      else this.byName.set(handler.jobName, handler);
    }
    for (const name of names) if (!this.byName.has(name)) problems.push(`no handler for job "${name}"`);
    if (problems.length)
      throw new JobCatalogueError(`The job catalogue of queue "${definition.name}" is not consistent: ${problems.join('; ')}`);
  }

  get<N extends JobName<C>>(name: string): JobHandler<C, N> {
    const handler = this.byName.get(name);
    if (!handler) throw new JobCatalogueError(`No handler for job "${name}"`);
    return handler as unknown as JobHandler<C, N>;
  }
}
