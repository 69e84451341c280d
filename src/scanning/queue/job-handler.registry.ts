import { Inject, Injectable } from '@nestjs/common';
import { JOB_NAMES, type JobName } from './job.catalogue.js';
import { JOB_HANDLERS, type JobHandler } from './job-queue.port.js';

export class JobCatalogueError extends Error {}

/**
 * The handlers of this process by job name. Built at start-up, it refuses to start unless every job
 * of the catalogue has exactly one handler and no handler names a job the catalogue lacks.
 */
@Injectable()
export class JobHandlerRegistry {
  private readonly byName = new Map<JobName, JobHandler>();

  constructor(@Inject(JOB_HANDLERS) handlers: JobHandler[]) {
    const problems: string[] = [];
    for (const handler of handlers) {
      if (!JOB_NAMES.includes(handler.jobName)) problems.push(`handler for unknown job "${handler.jobName}"`);
      else if (this.byName.has(handler.jobName)) problems.push(`two handlers for job "${handler.jobName}"`);
      else this.byName.set(handler.jobName, handler);
    }
    for (const name of JOB_NAMES) if (!this.byName.has(name)) problems.push(`no handler for job "${name}"`);
    if (problems.length) throw new JobCatalogueError(`Scan job catalogue is not consistent: ${problems.join('; ')}`);
  }

  get<N extends JobName>(name: string): JobHandler<N> {
    const handler = this.byName.get(name as JobName);
    if (!handler) throw new JobCatalogueError(`No handler for job "${name}"`);
    return handler as unknown as JobHandler<N>;
  }
}
