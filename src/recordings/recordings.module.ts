import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { MediaModule } from '../media/index.js';
import { RecordingsService } from './application/recordings.service.js';
import { RECORDINGS_REPOSITORY } from './application/ports/recordings.repository.port.js';
import { RecordingsSqlRepository } from './infrastructure/recordings.sql-repository.js';

/**
 * Recordings of the poems: their rows, their files in the media store. A module of its own, not
 * the catalog's: the catalog is the text and its rules, and knows nothing of files; recordings
 * hear from it (a poem's visibility, a book's permanent deletion) and the catalog never of them.
 */
@Module({
  imports: [CatalogModule, MediaModule],
  providers: [{ provide: RECORDINGS_REPOSITORY, useClass: RecordingsSqlRepository }, RecordingsService],
  exports: [RecordingsService],
})
export class RecordingsModule {}
