import sharp from 'sharp';
import request from 'supertest';
import { completion, type StubReply } from '../openai-stub.js';
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

export interface StubPoem {
  title: string;
  body: string;
}

/** The page of its batch a transcription request is for (the adapter says "Page N of this batch"), from 1. */
export function pageOfRequest(body: any): number | undefined {
  const parts = body?.messages?.find((m: any) => m.role === 'user')?.content;
  const text = Array.isArray(parts) ? parts.map((p: any) => p.text ?? '').join(' ') : String(parts ?? '');
  const match = /Page (\d+) of this batch/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * An OpenAI-compatible answer for each page of a batch: page N holds `poems[N - 1]`, printed as
 * page 10 + N. `hold(page)` answers that page only after `holdMs` (a scan caught mid-way).
 */
export function pagesReply(poems: Array<StubPoem | null>, hold: (page: number) => boolean = () => false, holdMs = 60_000): StubReply {
  return ({ body }) => {
    const page = pageOfRequest(body);
    if (page === undefined) return { status: 400, body: { error: { message: 'not a page' } } };
    const poem = poems[page - 1];
    const answer = { page_number: 10 + page, begins_mid_poem: false, ends_short: false, poems: poem ? [poem] : [] };
    return { status: 200, body: completion(answer), ...(hold(page) ? { delayMs: holdMs } : {}) };
  };
}

/** Plain page photos, each its own picture (the stub reads which page it is from the request). */
export function pagePhotos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({ create: { width: 800, height: 1200, channels: 3, background: { r: 244 - i * 9, g: 241, b: 234 } } })
        .jpeg()
        .toBuffer(),
    ),
  );
}
