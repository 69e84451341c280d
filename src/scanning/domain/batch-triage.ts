import { runOnHeldPoem, type AssembledPoem, type HeldPoem } from './assemble-poems.js';
import { DuplicateFinder, type ComparablePoem, type DuplicateMatch } from './duplicates/duplicate-finder.js';
import { HeldPieces } from './duplicates/held-pieces.js';
import { normalisePoemText, poemSimilarity } from './duplicates/poem-similarity.js';

/** A poem found on the pages and not added: the publication or the batch already has it. */
export interface DuplicateFound {
  title: string;
  /** The poem it matched: one of the publication, or an earlier poem of the batch (null when that one was not added). */
  matched: { id: number | null; title: string };
  /** 0..1 on normalised text, rounded to 3 decimals. */
  similarity: number;
  matchedIn: 'publication' | 'batch';
}

/** A poem the publication holds, as the triage compares it. */
export type TriagedPoem = ComparablePoem & HeldPoem;

/** What becomes of one poem read from a scan's pages. */
export type Triage<P extends TriagedPoem> =
  /** Its lines already end `poem`: the scan runs on it, and adds nothing (a retry finishing its own run-on). */
  | { kind: 'continues'; poem: P }
  /** The batch begins with the rest of `poem`, the publication's last poem: it becomes `body` over `pageNumbers`. */
  | { kind: 'join'; poem: P; body: string; pageNumbers: number[] }
  /** Already there; `batchIndex` names the earlier poem of the batch it matched. */
  | { kind: 'duplicate'; found: DuplicateFound; batchIndex?: number }
  | { kind: 'add' };

export interface BatchTriageInput<P extends TriagedPoem> {
  /** Every poem of the publication in reading order, those an earlier attempt of this scan added included. */
  current: readonly P[];
  /** Poems an earlier attempt of this scan already added, by the index of the candidate that added them. */
  ownByIndex: ReadonlyMap<number, number>;
  /**
   * The first attempt of a scan that finds poems under its own keys is the same upload sent again:
   * those are duplicates. A retry finishing its own interrupted work still counts them as added.
   */
  repeatedUpload: boolean;
  /**
   * Reprocess: the poems read earlier from each page of this run, by the page's batch index. A poem
   * whose title matches one of them is already there, even if a curator has edited its text since.
   */
  samePagePoems?: ReadonlyMap<number, readonly P[]>;
  /**
   * The publication's pages sent before this scan's, in upload order: each one's printed number
   * where read, and the poems read from the last of them (ids), to place the scan's first page.
   */
  uploadedBefore?: { folios: Array<number | undefined>; lastPagePoems: readonly number[] };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The scanner's rules for each poem a scan reads, in book order: does it run on a poem the
 * publication holds, repeat one, or is it new. Stateful only as a batch is: a poem accepted here
 * is one later poems of the batch are compared with. The writes (joining, adding) stay with the
 * use case, which calls `decide` once per candidate in order, and again with `joinRefused` when a
 * join could not be written because the poem changed since it was read.
 */
export class BatchTriage<P extends TriagedPoem> {
  private readonly finder: DuplicateFinder;
  private readonly pieces: HeldPieces<P>;
  /** Poems added before this scan: what a batch beginning mid-poem runs on. */
  private readonly earlier: P[];
  private readonly ownIds: Set<number>;
  private readonly titleOf: Map<number, string>;

  constructor(private readonly input: BatchTriageInput<P>) {
    this.ownIds = new Set(input.ownByIndex.values());
    this.earlier = input.current.filter((p) => !this.ownIds.has(p.id));
    this.titleOf = new Map(input.current.map((p) => [p.id, p.title]));
    // Every poem of the publication, this scan's own included: a rescan adds nothing already
    // there, whichever run found it.
    this.finder = new DuplicateFinder(input.current);
    this.pieces = new HeldPieces(input.current);
  }

  decide(index: number, poem: AssembledPoem, options: { joinRefused?: boolean } = {}): Triage<P> {
    const { repeatedUpload } = this.input;
    const last = this.earlier[this.earlier.length - 1];
    const before = this.input.uploadedBefore;
    const uploads = before && last ? { folios: before.folios, lastPoemOnLastPage: before.lastPagePoems.includes(last.id) } : undefined;
    const runOn = runOnHeldPoem(poem, this.earlier, { batchStart: index === 0, uploads });
    if (runOn?.kind === 'held') {
      return repeatedUpload
        ? this.duplicate(poem, { id: runOn.poem.id, title: runOn.poem.title }, 1)
        : { kind: 'continues', poem: runOn.poem };
    }
    if (runOn?.kind === 'joined' && !options.joinRefused)
      return { kind: 'join', poem: runOn.poem, body: runOn.body, pageNumbers: runOn.pageNumbers };

    const own = this.input.ownByIndex.get(index);
    if (own !== undefined && repeatedUpload) return this.duplicate(poem, { id: own, title: this.titleOf.get(own) ?? poem.title }, 1);
    if (own === undefined) {
      const match = this.finder.find(poem) ?? this.samePageMatch(poem);
      if (match) {
        if (match.source === 'publication') this.finder.alias(match.id, match.title, poem);
        if (match.source === 'batch') {
          return { ...this.duplicate(poem, { id: null, title: match.title }, match.similarity, 'batch'), batchIndex: match.id };
        }
        // A retry finishing its own work meets the poems its cut-off run added: as in that run,
        // they are duplicates within the batch.
        const ownBatch = !repeatedUpload && this.ownIds.has(match.id);
        return this.duplicate(poem, { id: match.id, title: match.title }, match.similarity, ownBatch ? 'batch' : 'publication');
      }
      // Part of a poem that runs over pages, uploaded without the rest of it: already held.
      const piece = this.pieces.holding(poem.body);
      if (piece) return this.duplicate(poem, { id: piece.poem.id, title: piece.poem.title }, piece.similarity);
    }
    this.finder.accept(index, poem);
    return { kind: 'add' };
  }

  private duplicate(
    poem: AssembledPoem,
    matched: DuplicateFound['matched'],
    similarity: number,
    matchedIn: DuplicateFound['matchedIn'] = 'publication',
  ): Triage<P> & { kind: 'duplicate' } {
    return { kind: 'duplicate', found: { title: poem.title, matched, similarity: round3(similarity), matchedIn } };
  }

  private samePageMatch(poem: AssembledPoem): DuplicateMatch | null {
    const title = normalisePoemText(poem.title);
    if (!title || !this.input.samePagePoems) return null;
    for (const index of poem.source_pages) {
      const hit = (this.input.samePagePoems.get(index) ?? []).find((p) => normalisePoemText(p.title) === title);
      if (hit) return { source: 'publication', id: hit.id, title: hit.title, similarity: poemSimilarity(hit.body, poem.body) };
    }
    return null;
  }
}
