import { DUPLICATE_THRESHOLD, prepare, similarityAtLeast, type PreparedText } from './poem-similarity.js';

export interface ComparablePoem {
  id: number;
  title: string;
  body: string;
}

export interface DuplicateMatch {
  /** Where the match was found: a poem already in the publication, or an earlier poem of this batch. */
  source: 'publication' | 'batch';
  /** The existing poem's id; for a batch match, the index of the earlier poem in the batch. */
  id: number;
  title: string;
  similarity: number;
}

interface Candidate {
  source: DuplicateMatch['source'];
  id: number;
  title: string;
  text: PreparedText;
}

/** The text compared: the body, or the title for a poem that has no body. */
function comparableText(poem: { title: string; body: string }): PreparedText {
  const body = prepare(poem.body);
  return body.length > 0 ? body : prepare(poem.title);
}

/**
 * Finds poems that are already there. Holds the publication's poems, prepared once, and the poems
 * of the batch accepted so far; candidates are kept sorted by length so each lookup only looks at
 * the narrow length window the threshold allows.
 */
export class DuplicateFinder {
  private readonly candidates: Candidate[] = [];

  constructor(
    existing: readonly ComparablePoem[],
    private readonly threshold = DUPLICATE_THRESHOLD,
  ) {
    for (const poem of existing) this.insert({ source: 'publication', id: poem.id, title: poem.title, text: comparableText(poem) });
  }

  /** The best match at or above the threshold, or null. */
  find(poem: { title: string; body: string }): DuplicateMatch | null {
    return this.bestMatch(comparableText(poem));
  }

  /** Records an accepted batch poem so later poems of the same batch are checked against it. */
  accept(batchIndex: number, poem: { title: string; body: string }): void {
    this.insert({ source: 'batch', id: batchIndex, title: poem.title, text: comparableText(poem) });
  }

  /**
   * Records another text of a poem already in the publication (the scan that was skipped as its
   * duplicate), so a further copy in the batch matches it even when the poem has since been edited.
   */
  alias(existingId: number, title: string, poem: { title: string; body: string }): void {
    this.insert({ source: 'publication', id: existingId, title, text: comparableText(poem) });
  }

  private bestMatch(text: PreparedText): DuplicateMatch | null {
    // A candidate of length L can only be within threshold when |L - len| <= (1 - t) * max(L, len).
    const low = Math.floor(text.length * this.threshold);
    const high = Math.ceil(text.length / this.threshold);
    let best: DuplicateMatch | null = null;
    for (let i = this.lowerBound(low); i < this.candidates.length; i++) {
      const candidate = this.candidates[i];
      if (candidate.text.length > high) break;
      const similarity = similarityAtLeast(text, candidate.text, this.threshold);
      if (similarity === null || similarity < this.threshold) continue;
      if (!best || similarity > best.similarity) {
        best = { source: candidate.source, id: candidate.id, title: candidate.title, similarity };
        if (similarity === 1) break;
      }
    }
    return best;
  }

  private insert(candidate: Candidate): void {
    this.candidates.splice(this.lowerBound(candidate.text.length), 0, candidate);
  }

  private lowerBound(length: number): number {
    let lo = 0;
    let hi = this.candidates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.candidates[mid].text.length < length) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
