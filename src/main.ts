import 'reflect-metadata';
import { bootLogger, createApp } from './bootstrap.js';
import { loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  bootLogger.log(
    `Poetry archive on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}; ` +
      `scan queue: ${config.redisUrl ? 'Redis' : 'in-process'}; extraction: ${config.openai.apiKey ? 'OpenAI' : 'offline OCR'})`,
  );
}

main().catch((err: unknown) => {
  bootLogger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
