/**
 * A book of the shared extraction set as the archive would hold it after a scan: the publication
 * with its metadata, its poems as printed (the set's truth), and each poem linked to the real
 * photographs of the pages it was printed on, kept in the page store as an upload keeps them.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import type { Poem } from '../../src/catalog/domain/poem.js';
import type { Publication } from '../../src/catalog/domain/publication.js';
import { FILE_STORE, type FileStore } from '../../src/media/index.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';

const SET = join(import.meta.dirname, '../fixtures/extraction-set');

interface TruthBook {
  dir: string;
  pages: string[];
  poems: Array<{ title: string; body: string; page_numbers: number[] }>;
  metadata: { expect: { title: string; authors: string[]; publisher: string; publication_date: string; isbn: string } };
}

export const SHARED_SET_BOOK: TruthBook = (JSON.parse(readFileSync(join(SET, 'truth.json'), 'utf8')) as { books: TruthBook[] }).books[0]!;

/** Photo files of the book by printed page number ("p009.jpg" is page 9). */
const photoOf = (page: number) => SHARED_SET_BOOK.pages.find((f) => Number(/^p(\d+)\./.exec(f)?.[1]) === page);

export interface SharedSetBook {
  publication: Publication;
  poems: Poem[];
}

/**
 * Adds the book (with `title`, so several tests can each have their own), published unless told
 * otherwise, with `extra` poems after the set's; links each set poem to its page photos.
 */
export async function addSharedSetBook(
  app: INestApplicationContext,
  options: {
    title?: string;
    publish?: boolean;
    extra?: Array<{ title: string; body: string; notes?: string; pageNumbers?: number[] }>;
  } = {},
): Promise<SharedSetBook> {
  const commands = app.get(CatalogCommands);
  const meta = SHARED_SET_BOOK.metadata.expect;
  const publication = await commands.createPublication({
    title: options.title ?? meta.title,
    authors: meta.authors,
    publisher: meta.publisher,
    publicationDate: meta.publication_date,
    isbn: meta.isbn,
    notes: '',
  });
  const poems = await commands.addPoems(publication.id, [
    ...SHARED_SET_BOOK.poems.map((p) => ({ title: p.title, body: p.body, pageNumbers: p.page_numbers })),
    ...(options.extra ?? []),
  ]);
  const store = app.get<FileStore>(FILE_STORE);
  const repo = app.get(ScanPagesRepository);
  const jobId = `shared-set-${publication.id}`;
  const pages = await repo.savePages(
    await Promise.all(
      SHARED_SET_BOOK.pages.map(async (file, pageIndex) => {
        const data = readFileSync(join(SET, SHARED_SET_BOOK.dir, file));
        const storageKey = `publications/${publication.id}/${jobId}/${pageIndex}.jpg`;
        await store.put(storageKey, data);
        return {
          publicationId: publication.id,
          jobId,
          pageIndex,
          storageKey,
          mimeType: 'image/jpeg',
          byteSize: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
        };
      }),
    ),
  );
  for (const [i, truth] of SHARED_SET_BOOK.poems.entries()) {
    const ids = truth.page_numbers.map((n) => Number(pages[SHARED_SET_BOOK.pages.indexOf(photoOf(n)!)]!.id));
    await repo.linkPoem(poems[i]!.id, ids);
    for (const [k, id] of ids.entries()) await repo.setPageNumber(id, truth.page_numbers[k]!);
  }
  if (options.publish !== false) await commands.setStatus(publication.id, 'published');
  return { publication: options.publish !== false ? { ...publication, status: 'published' } : publication, poems };
}
