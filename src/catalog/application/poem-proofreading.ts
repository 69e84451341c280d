import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import { alignReading, doubtsOf, isAligned, markLooksRight, type Doubt, type LineBox, type ReadLine } from '../domain/poem-reading.js';
import type { PoemStatus } from '../domain/proofreading.js';
import { parseRef } from '../domain/slug.js';
import { CATALOG_REPOSITORY, type CatalogRepository, type CatalogTransaction } from './ports/catalog.repository.port.js';

/** A line of a poem as a proofreader sees it. */
export interface ProofreadLine {
  /** Its place among the body's lines (0-based, stanza breaks counted). */
  line: number;
  text: string;
  page: number | null;
  photo: number | null;
  box: LineBox | null;
  doubts: Doubt[];
}

/** A poem as a proofreader sees it: its status (domain/proofreading.ts) and its lines with what the scan read. */
export interface ProofreadingView {
  poemId: number;
  status: PoemStatus;
  lines: ProofreadLine[];
}

/** The reading aligned with the poem's body as it stands (a body changed by a path that did not align it, aligned now). */
export async function alignedReading(tx: Pick<CatalogTransaction, 'poemReading'>, poemId: number, body: string) {
  const reading = await tx.poemReading(poemId);
  if (!reading) return null;
  return isAligned(reading, body) ? reading : alignReading(reading, body);
}

/**
 * Keeps the reading aligned with a body just saved: lines that stayed keep it, edited lines keep
 * their place and lose the marks of the words that changed, new lines have none; `read` adds lines
 * read since (a scan running the poem on).
 */
export async function realignReading(tx: CatalogTransaction, poemId: number, body: string, read: ReadLine[] = []): Promise<void> {
  const reading = await tx.poemReading(poemId);
  if (!reading && read.length === 0) return;
  const lines = [...(reading ?? []), ...read];
  if (reading && read.length === 0 && isAligned(reading, body)) return;
  await tx.setPoemReading(poemId, alignReading(lines, body));
}

/** A poem's proofreading: each line with its page, its place on the photo and its doubtful words. */
@Injectable()
export class PoemProofreading {
  constructor(@Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository) {}

  async of(ref: string | number): Promise<ProofreadingView> {
    const poem = await this.repo.findPoem(parseRef(ref));
    if (!poem) throw CatalogError.poemNotFound();
    const reading = await alignedReading(this.repo, poem.id, poem.body);
    const lines = poem.body.split('\n').flatMap((text, line): ProofreadLine[] => {
      if (text.trim() === '') return [];
      const read = reading?.[line] ?? null;
      return [
        { line, text, page: read?.page ?? null, photo: read?.photo ?? null, box: read?.box ?? null, doubts: read ? doubtsOf(read) : [] },
      ];
    });
    return { poemId: poem.id, status: poem.status, lines };
  }

  /** Clears the mark of one word ("Looks right"), its text unchanged. */
  async looksRight(ref: string | number, mark: { line: number; start: number; end: number }): Promise<ProofreadingView> {
    const poemId = await this.repo.transaction(async (tx) => {
      const poem = await tx.lockPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      const reading = await alignedReading(tx, poem.id, poem.body);
      const marked = reading && markLooksRight(reading, mark.line, mark.start, mark.end);
      if (!marked) throw CatalogError.noSuchWord();
      await tx.setPoemReading(poem.id, marked);
      return poem.id;
    });
    return this.of(poemId);
  }
}
