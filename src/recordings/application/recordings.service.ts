import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CATALOG_CHANGE_NOTICES,
  CATALOG_READ_API,
  CatalogEvents,
  type CatalogChangeNotices,
  type CatalogReadApi,
  type Poem,
  type Publication,
  type Viewer,
} from '../../catalog/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import {
  AUDIO_FILES,
  audioExtension,
  FILE_STORE,
  FileNotStoredError,
  fileLimits,
  type AudioFiles,
  type AudioType,
  type ByteRange,
  type FileStore,
} from '../../media/index.js';
import {
  checkLineMarks,
  checkRecordingOrder,
  recordingDetails,
  recordingKey,
  recordingsOfPublication,
  type Recording,
} from '../domain/recording.js';
import { RecordingError } from '../domain/recording.errors.js';
import { RECORDINGS_REPOSITORY, type OnWrite, type RecordingsRepository } from './ports/recordings.repository.port.js';

/** An uploaded file spooled to this machine's disk by the http layer, which removes it afterwards. */
export interface SpooledFile {
  path: string;
  size: number;
}

const STAFF: Viewer = { staff: true };

/** A recording visitors may hear, with the poem it reads and that poem's book. */
export interface PublishedRecording {
  publication: Publication;
  poem: Poem;
  recording: Recording;
}

/**
 * A poem's recordings: kept, described, marked line by line, reordered, removed, and served.
 * A recording is judged by its bytes before anything is kept: a refused file leaves no row and no
 * stored file.
 */
@Injectable()
export class RecordingsService implements OnModuleInit {
  private readonly logger = new Logger(RecordingsService.name);

  constructor(
    @Inject(RECORDINGS_REPOSITORY) private readonly recordings: RecordingsRepository,
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(AUDIO_FILES) private readonly audio: AudioFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: CatalogEvents,
    @Inject(CATALOG_CHANGE_NOTICES) private readonly notices: CatalogChangeNotices,
  ) {}

  /**
   * A recording is part of its poem's public page: each write tells the read cache of every API
   * process, inside its transaction, and this process's once it has committed.
   */
  private async changing<T>(publicationId: number, write: (onWrite: OnWrite) => Promise<T>): Promise<T> {
    const result = await write((tx) => this.notices.announce(tx, [publicationId]));
    this.notices.changedLocally([publicationId]);
    return result;
  }

  onModuleInit(): void {
    // A book deleted for good takes its recordings' files (their rows go by cascade).
    this.events.onPublicationPurged((publicationId) => this.store.removeAll(recordingsOfPublication(publicationId)));
  }

  /** Visitors see the recordings of published poems only (else the poem's 404). */
  async ofPoem(poemRef: string, viewer: Viewer): Promise<Recording[]> {
    const poem = await this.catalog.getPoem(poemRef, viewer);
    return this.recordings.ofPoem(poem.id);
  }

  /**
   * Every recording visitors may hear, in book order: the books as the reader lists them, their
   * poems in reading order, each poem's recordings in their order. A draft's or the trash's never.
   */
  async published(): Promise<PublishedRecording[]> {
    const [books, poems] = await Promise.all([this.catalog.listPublished(), this.catalog.listPublishedPoems()]);
    const heard = groupedBy(await this.recordings.ofPoems(poems.map((p) => p.id)), (r) => r.poemId);
    // The poems come in reading order, book by book.
    const poemsOf = groupedBy(poems, (p) => p.publicationId);
    return books.flatMap((publication) =>
      (poemsOf.get(publication.id) ?? []).flatMap((poem) =>
        (heard.get(poem.id) ?? []).map((recording) => ({ publication, poem, recording })),
      ),
    );
  }

  /** The recordings of poems the caller shows (it has decided who may see them), each poem's in their order. */
  ofPoems(poemIds: readonly number[]): Promise<Recording[]> {
    return this.recordings.ofPoems(poemIds);
  }

  /** The sound of a recording the caller may serve, read from the store as a stream. */
  read(recording: Recording): Promise<Readable> {
    return this.store.read(recording.storageKey);
  }

  async add(poemRef: string, file: SpooledFile | undefined, fields: Record<string, unknown>): Promise<Recording> {
    const poem = await this.catalog.getPoem(poemRef, STAFF);
    const details = recordingDetails(fields);
    if (!file) throw new RecordingError('RECORDING.NO_FILE', 'Send the recording in the field "file".');
    if (file.size === 0) throw new RecordingError('RECORDING.EMPTY_FILE', 'The file is empty: there is no recording in it.');
    const limit = fileLimits(this.config).audio;
    if (file.size > limit) throw RecordingError.tooLarge(limit);
    const judged = await this.audio.judge(file.path);
    if (!judged.ok) throw new RecordingError('RECORDING.UNSUPPORTED_AUDIO', `This file cannot be kept as a recording: ${judged.reason}`);
    const sha256 = await hashOf(file.path);
    const key = recordingKey(poem.publicationId, poem.id, randomUUID(), audioExtension(judged.mimeType as AudioType));
    await this.store.putStream(key, createReadStream(file.path), file.size);
    try {
      return await this.changing(poem.publicationId, (onWrite) =>
        this.recordings.add(
          {
            poemId: poem.id,
            storageKey: key,
            mimeType: judged.mimeType,
            byteSize: file.size,
            sha256,
            durationSeconds: judged.durationSeconds,
            ...details,
          },
          onWrite,
        ),
      );
    } catch (err) {
      await this.store.remove(key).catch((e: Error) => this.logger.warn(`Recording ${key} stays in the store: ${e.message}`));
      throw err;
    }
  }

  /** New details and line marks; fields absent stay as they are. */
  async update(id: string, body: Record<string, unknown>): Promise<Recording> {
    const recording = await this.find(id);
    const poem = await this.catalog.getPoem(recording.poemId, STAFF);
    const details = recordingDetails(body, recording);
    const marks =
      body.line_marks === undefined ? recording.lineMarks : checkLineMarks(body.line_marks, recording.durationSeconds, poem.lineCount);
    return this.changing(poem.publicationId, (onWrite) => this.recordings.update(recording.id, details, marks, onWrite));
  }

  async remove(id: string): Promise<void> {
    const recording = await this.find(id);
    const poem = await this.catalog.getPoem(recording.poemId, STAFF);
    await this.changing(poem.publicationId, (onWrite) => this.recordings.remove(recording.id, onWrite));
    // The row is gone, so nothing serves the file again; one left behind is only logged.
    await this.store
      .remove(recording.storageKey)
      .catch((err: Error) => this.logger.warn(`Removed recording ${recording.storageKey} stays in the store: ${err.message}`));
  }

  async reorder(poemRef: string, wanted: unknown): Promise<Recording[]> {
    const poem: Poem = await this.catalog.getPoem(poemRef, STAFF);
    const current = await this.recordings.ofPoem(poem.id);
    const order = checkRecordingOrder(
      current.map((r) => r.id),
      wanted,
    );
    await this.changing(poem.publicationId, (onWrite) => this.recordings.reorder(poem.id, order, onWrite));
    return this.recordings.ofPoem(poem.id);
  }

  /** A recording to serve: 404 to visitors unless its poem is published. */
  async file(id: string, viewer: Viewer): Promise<{ recording: Recording; open(range?: ByteRange): Promise<Readable> }> {
    const recording = await this.find(id);
    try {
      await this.catalog.getPoem(recording.poemId, viewer);
    } catch {
      throw RecordingError.notFound(id);
    }
    return {
      recording,
      open: (range) =>
        this.store.read(recording.storageKey, range).catch((err: unknown) => {
          if (err instanceof FileNotStoredError) throw RecordingError.notFound(id);
          throw err;
        }),
    };
  }

  private async find(id: string): Promise<Recording> {
    const n = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const recording = Number.isNaN(n) ? undefined : await this.recordings.get(n);
    if (!recording) throw RecordingError.notFound(id);
    return recording;
  }
}

/** Items by a key, each group in the items' order (Map.groupBy, which Node 20 lacks). */
function groupedBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The SHA-256 of a file, read as a stream: its ETag and the backup's check. */
async function hashOf(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
