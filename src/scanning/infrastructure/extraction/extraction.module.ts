import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { POEM_EXTRACTOR, type PoemExtractor } from '../../application/ports/extraction.port.js';
import { defaultOfflineOptions, OfflinePoemExtractor } from './offline/offline-poem.extractor.js';
import { OpenAiPoemExtractor } from './openai/openai-poem.extractor.js';

/** OpenAI when an API key is configured, otherwise the offline Tesseract extractor. */
export function createPoemExtractor(config: AppConfig): PoemExtractor {
  const { apiKey, baseUrl, model } = config.openai;
  if (apiKey) return new OpenAiPoemExtractor({ apiKey, baseUrl, model });
  return new OfflinePoemExtractor(defaultOfflineOptions(config.ocrLanguages));
}

/**
 * Provides POEM_EXTRACTOR for the scan jobs and the metadata endpoint. The offline engine starts
 * its workers on first use and is shut down with the application.
 */
@Module({
  providers: [{ provide: POEM_EXTRACTOR, inject: [APP_CONFIG], useFactory: createPoemExtractor }],
  exports: [POEM_EXTRACTOR],
})
export class ExtractionModule implements OnModuleDestroy {
  constructor(@Inject(POEM_EXTRACTOR) private readonly extractor: PoemExtractor) {}

  async onModuleDestroy(): Promise<void> {
    await this.extractor.close?.();
  }
}
