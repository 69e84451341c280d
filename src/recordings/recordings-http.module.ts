import { Module } from '@nestjs/common';
import { RecordingsController } from './http/recordings.controller.js';
import { RecordingsModule } from './recordings.module.js';

/** The recordings' API and the serving of their sound. API process only. */
@Module({ imports: [RecordingsModule], controllers: [RecordingsController] })
export class RecordingsHttpModule {}
