import { readFileSync } from 'node:fs';

/**
 * Real HEIC photos (HEVC-coded, as an iPhone saves them), kept in test/fixtures/heic/: no npm
 * package encodes HEVC, so the tests read these instead of needing libheif's encoder installed.
 * test/fixtures/heic/make-fixtures.mjs says how each was made, and makes them again.
 * - 'page-13': page 13 of the sample book (`sampleBook()`), as the page-photo renderer lays it out;
 * - 'halves-1200x800': left half black, right half white.
 */
export function heicFixture(name: 'page-13' | 'halves-1200x800'): Buffer {
  return readFileSync(new URL(`../fixtures/heic/${name}.heic`, import.meta.url));
}
