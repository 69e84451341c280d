import request from 'supertest';
import { ADMIN, signInAsAdmin, type TestAgent } from '../test-app.js';
import { closedPort, startWorker, type WorkerProcess } from './scan-helpers.js';

export interface ServerProcess extends WorkerProcess {
  base: string;
}

/** The real API entry (src/main.ts) in its own process on 127.0.0.1, so a test can kill -9 it. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  await server.waitFor(/Poetry archive on http/, 120_000);
  return server;
}

/**
 * startServer without waiting for the archive to listen: for a test that watches the start itself.
 * `entry` may be the built one (dist/server/main.js).
 */
export async function spawnServer(env: Record<string, string>, entry = 'src/main.ts'): Promise<ServerProcess> {
  const port = await closedPort();
  const proc = startWorker(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: 'https://poetry.example.org',
      SECURE_COOKIES: 'false',
      ...env,
    },
    entry,
  );
  return { ...proc, base: `http://127.0.0.1:${port}` };
}

/** An agent signed in as the admin on a server process, sending its CSRF token itself. */
export function signIn(base: string): Promise<{ agent: TestAgent; token: string }> {
  return signInAsAdmin(request.agent(base));
}
