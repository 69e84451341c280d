import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { POEM_EXTRACTOR, type PoemExtractor } from '../../application/ports/extraction.port.js';
import { defaultOfflineOptions, OfflinePoemExtractor } from './offline/offline-poem.extractor.js';
import { OpenAiPoemExtractor } from './openai/openai-poem.extractor.js';
import { WORD_LISTS } from '../../application/ports/word-lists.port.js';
import { HunspellWordLists } from './word-lists/hunspell-word-lists.js';

/** OpenAI when an API key is configured, otherwise the offline Tesseract extractor. */
export function createPoemExtractor(config: AppConfig): PoemExtractor {
  const { apiKey, baseUrl, model } = config.openai;
  if (apiKey) return new OpenAiPoemExtractor({ apiKey, baseUrl, model });
  return new OfflinePoemExtractor(defaultOfflineOptions(config.ocrLanguages));
}

/**
 * Provides POEM_EXTRACTOR for the scan jobs and the metadata endpoint, and the word lists that mark
 * the words a scan read which its book's language does not know. The offline engine starts
 * its workers on first use and is shut down with the application.
 */
@Module({
  providers: [
    { provide: POEM_EXTRACTOR, inject: [APP_CONFIG], useFactory: createPoemExtractor },
    { provide: WORD_LISTS, useClass: HunspellWordLists },
  ],
  exports: [POEM_EXTRACTOR, WORD_LISTS],
})
export class ExtractionModule implements OnModuleDestroy {
  constructor(
    @Inject(POEM_EXTRACTOR) private readonly extractor: PoemExtractor,
    @Inject(WORD_LISTS) private readonly wordLists: HunspellWordLists,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.extractor.close?.(), this.wordLists.close()]);
  }
}
