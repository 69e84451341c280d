import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible server on 127.0.0.1 for the tests: no real provider is reachable from
 * the machines the tests run on, and the adapter's requests and the app's handling of answers and
 * failures are what is under test.
 */

/** A chat completion whose message content is `content` (a string, or a value sent as JSON). */
export function completion(content: unknown) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1,
    model: 'vision-test-model',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content), refusal: null },
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export interface StubRequest {
  path: string;
  authorization?: string;
  body: any;
}

interface StubAnswer {
  status: number;
  body: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** An answer at once, or once the stub has looked at what it was sent (a page photo decoded). */
export type StubReply = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

export interface OpenAiStub {
  /** Base URL to give the SDK or OPENAI_BASE_URL, ending in /v1. */
  baseUrl: string;
  server: Server;
  close: () => Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stub; every request is answered by `reply(request)`. */
export async function startOpenAiStub(reply: StubReply): Promise<OpenAiStub> {
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const answer = await reply({ path: req.url ?? '', authorization: req.headers.authorization, body });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
