/**
 * A language whose model is installed beside the eight the archive ships is offered and read with.
 * Nothing is installed: the API runs in its own process with NODE_PATH naming a test folder that
 * holds a `@tesseract.js-data/pol` package (Node's own lookup, as for a package installed with npm).
 * Its model is German data under Polish's code, so a German page read with it keeps its umlauts,
 * which the English default (OCR_LANGUAGES=eng) loses (scan-ocr-languages.e2e-spec.ts).
 */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrLanguageData } from '../../src/config/ocr-languages.js';
import { createPublication, type TestAgent } from '../support/test-app.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';

const page = readFileSync(new URL('../fixtures/real-scans/books/hofmannsthal-gedichte/020.png', import.meta.url));

/** An npm package of Tesseract data as @tesseract.js-data publishes it: an index naming the folder of `<code>.traineddata.gz`. */
async function fakeModelPackage(nodeModules: string, code: string, version: string, model: string): Promise<void> {
  const dir = join(nodeModules, '@tesseract.js-data', code);
  await mkdir(join(dir, '4.0.0'), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `@tesseract.js-data/${code}`, version, main: 'index.js' }));
  await writeFile(
    join(dir, 'index.js'),
    `const path = require('path');\nmodule.exports = { code: '${code}', gzip: true, langPath: path.join(__dirname, '4.0.0') };\n`,
  );
  await symlink(model, join(dir, '4.0.0', `${code}.traineddata.gz`));
}

describe('a model installed beside the shipped eight (@tesseract.js-data/pol)', () => {
  let scratch: string;
  let server: ServerProcess;
  let agent: TestAgent;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'ocr-installed-'));
    const german = ocrLanguageData('deu')!;
    await fakeModelPackage(join(scratch, 'node_modules'), 'pol', '1.0.0-test', join(german.langPath, 'deu.traineddata.gz'));
    await mkdir(join(scratch, 'tmp'));
    server = await startServer({
      DATA_DIR: join(scratch, 'data'),
      NODE_PATH: join(scratch, 'node_modules'),
      OCR_LANGUAGES: 'eng',
      TMPDIR: join(scratch, 'tmp'), // where the models are unpacked for Tesseract
    });
    ({ agent } = await signIn(server.base));
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('is offered to curators after the eight, named in Polish then in English', async () => {
    const languages = (await agent.get('/api/languages/').expect(200)).body as Array<{ id: string; name: string }>;
    expect(languages.map((l) => l.id)).toEqual(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'la', 'pl']);
    expect(languages[1]).toEqual({ id: 'de', name: 'Deutsch — German' });
    expect(languages[8]).toEqual({ id: 'pl', name: 'Polski — Polish' });
  });

  it('is listed for staff only, as the API docs say', async () => {
    const res = await request(server.base).get('/api/languages/');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: expect.any(String) });
    const docs = (await request(server.base).get('/api/docs-json').expect(200)).body as { paths: Record<string, { get?: object }> };
    expect(docs.paths['/api/languages']?.get).toMatchObject({ summary: expect.stringContaining('named in its own language') });
  });

  it('reads a publication tagged pl with its model, not the default', async () => {
    const id = await createPublication(agent, 'Wiersze');
    await agent.put(`/api/publications/${id}/`).send({ language: 'pl' }).expect(200);
    await agent
      .post(`/api/publications/${id}/batch_upload_pages/`)
      .attach('page_0', page, { filename: '020.png', contentType: 'image/png' })
      .expect(200);
    const poems = (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Array<{ body: string }>;
    expect(poems[0]!.body).toContain('Ich habe mich bedacht, daß schönste Tage\nNur jene heißen dürfen');
    // The model unpacked for Tesseract is the one named pol, from the package installed.
    expect(await readdir(join(scratch, 'tmp', 'poetry-archive', 'tesseract'))).toEqual(['pol-1.0.0-test']);
  }, 120_000);
});
