import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './config/app-config.js';
import { holdOwnBuild } from './config/build-root.js';
import { waitForDatabase } from './database/wait-for-database.js';

const logger = new Logger('Worker');

/**
 * The scan worker: `npm run worker`. Run as many as you like, on any machine that reaches the same
 * Redis, PostgreSQL and page store as the API.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  holdOwnBuild();
  if (!config.redisUrl) throw new Error('The worker needs REDIS_URL: without it the API runs scan jobs itself.');
  if (!config.databaseUrl) {
    throw new Error(
      'The worker needs DATABASE_URL (the PostgreSQL server the API uses): the embedded database cannot be shared between processes.',
    );
  }
  await waitForDatabase(config);
  // Loaded once the settings are known to be usable: a worker started without them says so at
  // once, not after loading every module of the scanner.
  const { WorkerModule } = await import('./worker.module.js');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['log', 'error', 'warn'] });
  app.enableShutdownHooks();
  logger.log(`Scan worker ready (extraction: ${config.openai.apiKey ? 'OpenAI' : 'offline OCR'})`);
}

main().catch((err: unknown) => {
  logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
