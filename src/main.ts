import 'reflect-metadata';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import { superviseApiProcesses } from './api-processes.js';
import { loadConfig, type AppConfig } from './config/app-config.js';
import { holdOwnBuild } from './config/build-root.js';
import { waitForDatabase } from './database/wait-for-database.js';

const logger = new Logger('Bootstrap');

function announce(config: AppConfig): void {
  logger.log(
    `Poetry archive on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}; ` +
      `scan queue: ${config.redisUrl ? 'Redis' : 'in-process'}; extraction: ${config.openai.apiKey ? 'OpenAI' : 'offline OCR'}` +
      `${config.apiProcesses > 1 ? `; ${config.apiProcesses} API processes` : ''})`,
  );
}

async function main(): Promise<void> {
  // `npm start` and the image run the archive for its visitors, so production is the default:
  // React's development server renderer, which NODE_ENV chooses when the reader's bundle loads,
  // renders a book page three times slower (bench/public-read-bench.mjs).
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  holdOwnBuild();
  // The supervising process only hands out connections, so it never loads the application. The
  // processes it starts, now or as replacements later, run this file's own build (its real path),
  // not whatever `dist` points at by then: every process serves the same admin and reader.
  if (config.apiProcesses > 1 && cluster.isPrimary) {
    return superviseApiProcesses(config.apiProcesses, fileURLToPath(import.meta.url), () => announce(config));
  }
  // A database still away (or an embedded one another archive still holds) is waited for, not a
  // reason to exit: whatever started the archive need not start it again.
  await waitForDatabase(config);
  const { createApp } = await import('./bootstrap.js');
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  if (cluster.isPrimary) announce(config);
}

main().catch((err: unknown) => {
  logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
