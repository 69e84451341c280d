import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/app-config.js';
import { ConfigModule } from '../../../config/config.module.js';
import { ExtractionModule } from './extraction.module.js';
import { POEM_EXTRACTOR } from '../../application/ports/extraction.port.js';
import { OfflinePoemExtractor } from './offline/offline-poem.extractor.js';
import { OpenAiPoemExtractor } from './openai/openai-poem.extractor.js';

async function extractorFor(env: NodeJS.ProcessEnv) {
  const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(loadConfig(env)), ExtractionModule] }).compile();
  const extractor = moduleRef.get(POEM_EXTRACTOR);
  await moduleRef.close();
  return extractor;
}

describe('ExtractionModule', () => {
  it('uses the offline extractor when no OpenAI key is configured', async () => {
    expect(await extractorFor({ DATA_DIR: '/tmp/extraction-module-spec' })).toBeInstanceOf(OfflinePoemExtractor);
  });

  it('uses the OpenAI extractor when OPENAI_API_KEY is set', async () => {
    const extractor = await extractorFor({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'gpt-test' });
    expect(extractor).toBeInstanceOf(OpenAiPoemExtractor);
  });
});
