import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { CatalogEvents, type CatalogChangeNotices, type CatalogReadApi, type Poem, type Publication } from '../../catalog/index.js';
import type { AppConfig } from '../../config/app-config.js';
import type { AudioFiles, AudioJudgement } from '../../media/index.js';
import type { Recording, RecordingDetails } from '../domain/recording.js';
import type { NewRecording, OnWrite, RecordingsRepository } from './ports/recordings.repository.port.js';
import { RecordingsService } from './recordings.service.js';

/** The recordings' rows in memory; `failAdd` makes the next insert fail, as a database gone away would. */
class MemoryRecordings implements RecordingsRepository {
  rows: Recording[] = [];
  failAdd = false;
  async ofPoem(poemId: number) {
    return this.rows.filter((r) => r.poemId === poemId).sort((a, b) => a.position - b.position);
  }
  async ofPoems(poemIds: readonly number[]) {
    return this.rows.filter((r) => poemIds.includes(r.poemId)).sort((a, b) => a.poemId - b.poemId || a.position - b.position);
  }
  async get(id: number) {
    return this.rows.find((r) => r.id === id);
  }
  /** The one transaction each write's notice is given (a statement runner that runs nothing). */
  readonly transaction = { query: async () => [] };
  async add(r: NewRecording, onWrite: OnWrite) {
    if (this.failAdd) throw new Error('the database went away');
    const row = {
      ...r,
      id: this.rows.length + 1,
      position: (await this.ofPoem(r.poemId)).length + 1,
      lineMarks: [],
      createdAt: new Date(),
    };
    this.rows.push(row);
    await onWrite(this.transaction);
    return row;
  }
  async update(id: number, d: RecordingDetails, lineMarks: number[], onWrite: OnWrite) {
    const row = (await this.get(id))!;
    Object.assign(row, d, { lineMarks });
    await onWrite(this.transaction);
    return row;
  }
  async remove(id: number, onWrite: OnWrite) {
    const row = await this.get(id);
    this.rows = this.rows.filter((r) => r.id !== id);
    await onWrite(this.transaction);
    return row;
  }
  async reorder(_poemId: number, ids: number[], onWrite: OnWrite) {
    ids.forEach((id, i) => ((this.rows.find((r) => r.id === id) as Recording).position = i + 1));
    await onWrite(this.transaction);
  }
}

const poem = { id: 4, publicationId: 2, lineCount: 2 } as Poem;
const defaultCatalog = { getPoem: async (ref: string | number) => ({ ...poem, id: Number(ref) }) } as unknown as CatalogReadApi;

function setup(judgement: AudioJudgement, catalog = defaultCatalog) {
  const store = new FakeFileStore();
  const recordings = new MemoryRecordings();
  const audio: AudioFiles = { judge: async () => judgement };
  const config = { maxUploadBytes: 1, maxPdfBytes: 1, maxAudioBytes: 1000 } as AppConfig;
  const notices = { announced: [] as number[][], local: [] as number[][] };
  const changeNotices: CatalogChangeNotices = {
    announce: async (tx, ids) => void (tx === recordings.transaction && notices.announced.push([...(ids ?? [])])),
    changedLocally: (ids) => void notices.local.push([...(ids ?? [])]),
  };
  const service = new RecordingsService(recordings, catalog, store, audio, config, new CatalogEvents(), changeNotices);
  return { service, store, recordings, notices };
}

function spooled(data: Buffer) {
  const path = join(mkdtempSync(join(tmpdir(), 'recording-spec-')), 'upload');
  writeFileSync(path, data);
  return { path, size: data.length };
}

const WAV: AudioJudgement = { ok: true, mimeType: 'audio/wav', durationSeconds: 2 };

describe('keeping a recording', () => {
  it('keeps the file under its book and poem, with its type, length, size and checksum', async () => {
    const { service, store } = setup(WAV);
    const kept = await service.add('4', spooled(Buffer.from('sound')), { reader: 'Ruth Ash' });
    expect(kept).toMatchObject({ poemId: 4, mimeType: 'audio/wav', durationSeconds: 2, byteSize: 5, reader: 'Ruth Ash', position: 1 });
    expect(kept.storageKey).toMatch(/^recordings\/2\/4\/[0-9a-f-]{36}\.wav$/);
    expect(kept.sha256).toBe(createHash('sha256').update('sound').digest('hex'));
    expect(store.keys()).toEqual([kept.storageKey]);
  });

  it('refuses what is not a recording, an empty file and one over the limit, keeping nothing', async () => {
    const refused = setup({ ok: false, reason: 'It is not a sound recording the archive can keep.' });
    await expect(refused.service.add('4', spooled(Buffer.from('<html>')), {})).rejects.toMatchObject({
      code: 'RECORDING.UNSUPPORTED_AUDIO',
      message: 'This file cannot be kept as a recording: It is not a sound recording the archive can keep.',
    });
    const { service, store, recordings } = setup(WAV);
    await expect(service.add('4', spooled(Buffer.alloc(0)), {})).rejects.toMatchObject({ code: 'RECORDING.EMPTY_FILE' });
    await expect(service.add('4', spooled(Buffer.alloc(1001)), {})).rejects.toMatchObject({ code: 'RECORDING.TOO_LARGE' });
    await expect(service.add('4', undefined, {})).rejects.toMatchObject({ code: 'RECORDING.NO_FILE' });
    expect([refused.store.keys(), store.keys(), recordings.rows]).toEqual([[], [], []]);
  });

  it('takes the stored file away again when its row cannot be written', async () => {
    const { service, store, recordings } = setup(WAV);
    recordings.failAdd = true;
    await expect(service.add('4', spooled(Buffer.from('sound')), {})).rejects.toThrow('the database went away');
    expect(store.keys()).toEqual([]);
  });

  it('removes a recording with its file', async () => {
    const { service, store } = setup(WAV);
    const kept = await service.add('4', spooled(Buffer.from('sound')), {});
    await service.remove(String(kept.id));
    expect(store.keys()).toEqual([]);
    await expect(service.remove(String(kept.id))).rejects.toMatchObject({ code: 'RECORDING.NOT_FOUND' });
  });

  it("tells every reader of the book of each change, inside the write's transaction, so no cached page keeps the old list", async () => {
    const { service, notices } = setup(WAV);
    const a = await service.add('4', spooled(Buffer.from('sound')), {});
    const b = await service.add('4', spooled(Buffer.from('other')), {});
    await service.update(String(a.id), { reader: 'Ruth Ash' });
    await service.reorder('4', [b.id, a.id]);
    await service.remove(String(a.id));
    expect(notices.announced).toEqual([[2], [2], [2], [2], [2]]);
    expect(notices.local).toEqual(notices.announced);
  });
});

describe('the recordings visitors may hear', () => {
  it('lists them in book order: the books as the reader lists them, poems in reading order, then their own order', async () => {
    // Published books, newest first (the reader's order), and their poems, book by book in reading order;
    // poem 9 belongs to a draft, so the catalog lists neither.
    const books = [{ id: 7 }, { id: 2 }] as Publication[];
    const poems = [
      { id: 4, publicationId: 2, position: 1 },
      { id: 3, publicationId: 2, position: 2 },
      { id: 8, publicationId: 7, position: 1 },
    ] as Poem[];
    const published = { ...defaultCatalog, listPublished: async () => books, listPublishedPoems: async () => poems } as CatalogReadApi;
    const { service } = setup(WAV, published);
    const add = (poemId: number, reader: string) => service.add(String(poemId), spooled(Buffer.from(reader)), { reader });
    await add(3, 'late poem');
    await add(9, 'draft');
    await add(4, 'first, second take');
    await add(8, 'newest book');
    const first = await add(4, 'first, first take');
    const takes = await service.ofPoem('4', { staff: true });
    await service.reorder('4', [first.id, ...takes.filter((r) => r.id !== first.id).map((r) => r.id)]);
    const heard = await service.published();
    expect(heard.map((h) => [h.publication.id, h.poem.id, h.recording.reader])).toEqual([
      [7, 8, 'newest book'],
      [2, 4, 'first, first take'],
      [2, 4, 'first, second take'],
      [2, 3, 'late poem'],
    ]);
  });
});
