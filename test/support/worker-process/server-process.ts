import request from 'supertest';
import { ADMIN, type TestAgent } from '../test-app.js';
import { closedPort, startWorker, type WorkerProcess } from './scan-helpers.js';

export interface ServerProcess extends WorkerProcess {
  base: string;
}

/** The real API entry (src/main.ts) in its own process on 127.0.0.1, so a test can kill -9 it. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
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
    'src/main.ts',
  );
  await proc.waitFor(/Poetry archive on http/, 120_000);
  return { ...proc, base: `http://127.0.0.1:${port}` };
}

/** An agent signed in as the admin on a server process, with its CSRF token. */
export async function signIn(base: string): Promise<{ agent: TestAgent; token: string }> {
  const agent = request.agent(base);
  const res = await agent.get('/api/ai_extraction/csrf/').expect(200);
  const token = res.body.csrfToken as string;
  await agent.post('/api/auth/login/').set('X-CSRFToken', token).send(ADMIN).expect(200);
  return { agent, token };
}
