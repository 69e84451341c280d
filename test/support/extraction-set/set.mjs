/**
 * An extraction set on disk, as the shared one is laid out (truth.json and books/<book>/*.jpg),
 * and how a book of it is scored once uploaded: the README's measures, per book.
 *
 * Plain ESM so the benchmark can import it without a build step.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreMetadata, scorePoems } from './score.mjs';

/** Reads a set's truth and photos; throws a message naming the folder when it is not there. */
export function readSet(dir) {
  const truthFile = join(dir, 'truth.json');
  if (!existsSync(truthFile)) throw new Error(`No extraction set at ${dir} (truth.json missing)`);
  const truth = JSON.parse(readFileSync(truthFile, 'utf8'));
  const photo = (book, file) => ({ name: file, data: readFileSync(join(dir, book.dir, file)) });
  return truth.books.map((book) => ({
    name: book.dir.replace(/^books\//, ''),
    poems: book.poems,
    pages: book.pages.map((f) => photo(book, f)),
    duplicate: book.duplicate_photo ? { ...photo(book, book.duplicate_photo.file), poems: book.duplicate_photo.poems } : undefined,
    metadata: book.metadata ? { photos: book.metadata.pages.map((f) => photo(book, f)), expect: book.metadata.expect } : undefined,
  }));
}

/**
 * Scores what a book's upload gave: its poems as the API lists them, the duplicates_ignored of the
 * batch that held the duplicate photo, and the metadata read from its m*.jpg photos.
 */
export function scoreBook(book, { poems, duplicatesIgnored, metadata }) {
  const counts = scorePoems(book.poems, poems);
  const duplicates = book.duplicate
    ? { right: duplicatesIgnored === book.duplicate.poems ? 1 : 0, of: 1, got: duplicatesIgnored, expected: book.duplicate.poems }
    : { right: 0, of: 0 };
  const meta = book.metadata && metadata ? scoreMetadata(book.metadata.expect, metadata) : { right: 0, of: 0, fields: {} };
  return { counts, duplicates, metadata: meta };
}
