import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PAGE_STORE_HEALTH, type PageStoreHealth } from '../health/index.js';
import { AUDIO_FILES } from './application/ports/audio-files.port.js';
import { FILE_STORE, FileStoreUnavailableError, type FileStore } from './application/ports/file-store.port.js';
import { musicMetadataAudioFiles } from './infrastructure/audio-files.music-metadata.js';
import { openFileStore } from './infrastructure/file-store.factory.js';

/**
 * The archive's stored files (page photos, the memorial's portrait, recordings) in the one store
 * the settings choose, its health, and the reading of a recording by its bytes. Every module that
 * keeps files imports this; none reaches another for storage.
 */
@Module({
  providers: [
    {
      provide: FILE_STORE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const opened = await openFileStore(config);
        new Logger('FileStore').log(`Files (page photos, the portrait, recordings) are kept as ${opened.description}`);
        return opened.store;
      },
    },
    {
      provide: PAGE_STORE_HEALTH,
      inject: [FILE_STORE],
      useFactory: (store: FileStore): PageStoreHealth => ({
        state: () =>
          store.check().then(
            () => ({ kind: store.kind, ok: true }),
            (err: unknown) => ({
              kind: store.kind,
              ok: false,
              detail: err instanceof FileStoreUnavailableError ? (err.detail ?? err.message) : (err as Error).message,
            }),
          ),
      }),
    },
    { provide: AUDIO_FILES, useValue: musicMetadataAudioFiles },
  ],
  exports: [FILE_STORE, PAGE_STORE_HEALTH, AUDIO_FILES],
})
export class MediaModule {}
