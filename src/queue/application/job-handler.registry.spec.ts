import { describe, expect, it } from 'vitest';
import { JobCatalogueError, JobHandlerRegistry } from './job-handler.registry.js';
import type { JobCatalogue } from './ports/job-catalogue.js';
import type { JobHandler } from './ports/job-queue.port.js';

type Jobs = {
  'mail.send': { payload: { to: string }; result: boolean; progress: object };
  'mail.bounce': { payload: { to: string }; result: boolean; progress: object };
};
const catalogue: JobCatalogue<Jobs> = {
  'mail.send': { initialProgress: () => ({}) },
  'mail.bounce': { initialProgress: () => ({}) },
};
const definition = { name: 'mail', catalogue };
const handler = (jobName: string): JobHandler<Jobs> => ({ jobName: jobName as keyof Jobs, handle: async () => true });

describe('JobHandlerRegistry (start-up check of the catalogue it is given)', () => {
  it('finds the one handler of each job', () => {
    const send = handler('mail.send');
    const registry = new JobHandlerRegistry(definition, [send, handler('mail.bounce')]);
    expect(registry.get('mail.send')).toBe(send);
    expect(() => registry.get('mail.other')).toThrow(/No handler for job "mail.other"/);
  });

  it('refuses to start when a job of the catalogue has no handler', () => {
    expect(() => new JobHandlerRegistry(definition, [handler('mail.bounce')])).toThrow(JobCatalogueError);
    expect(() => new JobHandlerRegistry(definition, [handler('mail.bounce')])).toThrow(/queue "mail".*no handler for job "mail.send"/);
  });

  it('refuses two handlers for one job and handlers for jobs the catalogue lacks', () => {
    const send = handler('mail.send');
    expect(() => new JobHandlerRegistry(definition, [send, send, handler('mail.bounce')])).toThrow(/two handlers for job "mail.send"/);
    expect(() => new JobHandlerRegistry(definition, [send, handler('mail.bounce'), handler('mail.other')])).toThrow(
      /handler for unknown job "mail.other"/,
    );
  });
});
