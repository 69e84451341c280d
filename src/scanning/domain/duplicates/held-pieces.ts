import { DUPLICATE_THRESHOLD, normalisePoemText, poemSimilarity } from './poem-similarity.js';

/** Fewer lines could be anyone's (a refrain, a quoted line): two are the least taken for a piece of a poem. */
const MIN_PIECE_LINES = 2;

const verseLines = (body: string) => body.split('\n').filter((line) => line.trim() !== '');

export interface HeldPiece<P> {
  poem: P;
  similarity: number;
}

/**
 * The part of a poem one page holds, found again in the poem that holds it. A poem that runs over
 * pages is split by any upload that does not hold all of its pages (the same photos sent again one
 * at a time, a page re-shot on its own): its first page gives a titled beginning, a middle page a
 * run of lines from inside it. Either is too small a part of the whole poem for the whole-poem
 * similarity (DuplicateFinder) to see, so pieces are matched as runs of the poems' own lines, with
 * the same threshold. Lines are looked up by their normalised text first, so an archive of
 * thousands of poems costs a few comparisons per piece.
 */
export class HeldPieces<P extends { body: string }> {
  private readonly linesOf: string[][];
  private readonly where = new Map<string, Array<[poem: number, line: number]>>();

  constructor(private readonly poems: readonly P[]) {
    this.linesOf = poems.map((poem) => verseLines(poem.body));
    this.linesOf.forEach((lines, i) =>
      lines.forEach((line, j) => {
        const key = normalisePoemText(line);
        if (!key) return;
        const at = this.where.get(key);
        if (at) at.push([i, j]);
        else this.where.set(key, [[i, j]]);
      }),
    );
  }

  /** The poem holding `body` as a run of its own lines, anywhere in it; none for a piece under two lines. */
  holding(body: string): HeldPiece<P> | undefined {
    const lines = verseLines(body);
    if (lines.length < MIN_PIECE_LINES) return undefined;
    const text = lines.join('\n');
    const tried = new Set<string>();
    for (const [k, line] of lines.entries()) {
      for (const [i, j] of this.where.get(normalisePoemText(line)) ?? []) {
        const start = j - k;
        const own = this.linesOf[i]!;
        const window = `${i}:${start}`;
        if (start < 0 || start + lines.length > own.length || tried.has(window)) continue;
        tried.add(window);
        const similarity = poemSimilarity(own.slice(start, start + lines.length).join('\n'), text);
        if (similarity >= DUPLICATE_THRESHOLD) return { poem: this.poems[i]!, similarity };
      }
    }
    return undefined;
  }
}
