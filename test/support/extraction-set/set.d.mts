import type { ExtractedMetadata } from '../../../src/scanning/application/ports/extraction.port.js';
import type { Counts } from './score.mjs';

export interface SetPhoto {
  name: string;
  data: Buffer;
}

export interface TruePoem {
  title: string;
  body: string;
  page_numbers: number[];
}

export interface SetBook {
  name: string;
  poems: TruePoem[];
  pages: SetPhoto[];
  duplicate?: SetPhoto & { poems: number };
  metadata?: { photos: SetPhoto[]; expect: ExtractedMetadata };
}

export function readSet(dir: string): SetBook[];

export function scoreBook(
  book: SetBook,
  got: { poems: Array<{ title: string; body: string; page_numbers: number[] }>; duplicatesIgnored?: number; metadata?: ExtractedMetadata },
): {
  counts: Counts;
  duplicates: { right: number; of: number };
  metadata: { right: number; of: number; fields: Record<string, boolean> };
};
