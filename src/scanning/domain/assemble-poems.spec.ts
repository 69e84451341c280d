import { describe, expect, it } from 'vitest';
import { assemblePoems, runOnHeldPoem, type PageLayout } from './assemble-poems.js';

const page = (
  index: number,
  pageNumber: number | undefined,
  blocks: PageLayout['blocks'],
  flags: Partial<PageLayout> = {},
): PageLayout => ({ index, pageNumber, blocks, ...flags });

describe('the one assembler: per-page readings into poems', () => {
  it('runs a poem on over a page that begins mid-poem, with both page numbers, and starts the next at its title', () => {
    const poems = assemblePoems([
      page(0, 12, [{ title: 'Winter', lines: ['The first line,', 'the second line;'] }]),
      page(1, 13, [{ lines: ['the third line,', 'the fourth.'] }, { title: 'Spring', lines: ['A new poem.'] }]),
    ]);
    expect(poems.map((p) => [p.title, p.body, p.page_numbers, p.source_pages])).toEqual([
      ['Winter', 'The first line,\nthe second line;\nthe third line,\nthe fourth.', [12, 13], [0, 1]],
      ['Spring', 'A new poem.', [13], [1]],
    ]);
  });

  it('ends a stanza at the turn when the page ended short; otherwise the poem’s own stanzas decide', () => {
    const quatrain = (n: number) => [`${n}a`, `${n}b`, `${n}c`, `${n}d`];
    const short = assemblePoems([
      page(0, 1, [{ title: 'Short', lines: ['a', 'b'] }], { endsShort: true }),
      page(1, 2, [{ lines: ['c', 'd'] }]),
    ]);
    expect(short[0].body).toBe('a\nb\n\nc\nd');
    // Full page: quatrains throughout, and the turn falls after four lines, so it is a stanza break.
    const full = assemblePoems([
      page(0, 1, [{ title: 'Full', lines: [...quatrain(1), '', ...quatrain(2)] }]),
      page(1, 2, [{ lines: [...quatrain(3), '', ...quatrain(4)] }]),
    ]);
    expect(full[0].body).toBe([...quatrain(1), '', ...quatrain(2), '', ...quatrain(3), '', ...quatrain(4)].join('\n'));
  });

  it('titles an untitled poem with nothing to continue by its first line and marks it as continuing a poem from before', () => {
    expect(assemblePoems([page(4, undefined, [{ lines: ['', 'and so it ends.', ''] }], { startsLow: true })])).toEqual([
      {
        title: 'and so it ends.',
        body: 'and so it ends.',
        page_numbers: [],
        source_pages: [4],
        continues: { stanzaBreak: true },
        // Each line with text, with what was read of it (this extractor gave no places).
        lines: [{ text: 'and so it ends.', source: 4, box: null, words: [] }],
      },
    ]);
  });
});

describe('a batch that begins mid-poem, across uploads', () => {
  const continuation = (body: string, page_numbers: number[], stanzaBreak = false) => ({
    title: body.split('\n')[0],
    body,
    page_numbers,
    source_pages: [0],
    continues: { stanzaBreak },
  });
  const held = (id: number, body: string, pageNumbers: number[]) => ({ id, body, pageNumbers });
  const publication = [held(1, 'An earlier poem\nof two lines', [10]), held(2, 'The first line,\nthe second line;', [11, 12])];

  it('runs the last poem on when the batch’s first printed page follows its last one, joining the pages and the text', () => {
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [13]), publication, { batchStart: true })).toEqual({
      kind: 'joined',
      poem: publication[1],
      body: 'The first line,\nthe second line;\nthe third line,\nthe fourth.',
      pageNumbers: [11, 12, 13],
    });
  });

  it('breaks the stanza at the turn when the page shows one begin at its top', () => {
    const joined = runOnHeldPoem(continuation('the third line,\nthe fourth.', [13], true), publication, { batchStart: true });
    expect(joined).toMatchObject({ kind: 'joined', body: 'The first line,\nthe second line;\n\nthe third line,\nthe fourth.' });
  });

  it('leaves the continuation a poem of its own when the pages do not follow, show no number, or it is not the batch’s first poem', () => {
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [14]), publication, { batchStart: true })).toBeUndefined();
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', []), publication, { batchStart: true })).toBeUndefined();
    expect(
      runOnHeldPoem(continuation('the third line,\nthe fourth.', [13]), [held(2, 'The first line,', [])], { batchStart: true }),
    ).toBeUndefined();
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [13]), publication, { batchStart: false })).toBeUndefined();
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [13]), [], { batchStart: true })).toBeUndefined();
  });

  describe('by the folios of the publication’s pages', () => {
    const untitled = [held(1, 'An earlier poem\nof two lines', [29]), held(2, 'The first line,\nthe second line;', [])];

    it('runs the last poem on when the page ending it, its folio unread, lies between its neighbours’ numbers', () => {
      const uploads = { folios: [28, 29, undefined], lastPoemOnLastPage: true };
      expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [31]), untitled, { batchStart: true, uploads })).toEqual({
        kind: 'joined',
        poem: untitled[1],
        body: 'The first line,\nthe second line;\nthe third line,\nthe fourth.',
        pageNumbers: [30, 31],
      });
    });

    it('runs it on over a folio misread on its last page, which takes the run’s number', () => {
      const misread = [held(1, 'An earlier poem', [29]), held(2, 'The first line,\nthe second line;', [50])];
      const uploads = { folios: [28, 29, 50], lastPoemOnLastPage: true };
      expect(runOnHeldPoem(continuation('the third line,\nthe fourth.', [31]), misread, { batchStart: true, uploads })).toMatchObject({
        kind: 'joined',
        pageNumbers: [30, 31],
      });
    });

    it('does not run it on across a gap, a folio going back, from a page the poem is not on, or under a title', () => {
      const on = (folios: Array<number | undefined>, page: number[], lastPoemOnLastPage = true) =>
        runOnHeldPoem(continuation('the third line,\nthe fourth.', page), untitled, {
          batchStart: true,
          uploads: { folios, lastPoemOnLastPage },
        });
      expect(on([28, 29, undefined], [33])).toBeUndefined();
      expect(on([28, 29, undefined], [29])).toBeUndefined();
      expect(on([28, 29, undefined], [])).toBeUndefined();
      expect(on([28, 29, undefined], [31], false)).toBeUndefined();
      const titled = { title: 'New', body: 'the third line,\nthe fourth.', page_numbers: [31], source_pages: [0] };
      expect(
        runOnHeldPoem(titled, untitled, { batchStart: true, uploads: { folios: [28, 29, undefined], lastPoemOnLastPage: true } }),
      ).toBeUndefined();
    });
  });

  it('finds a poem already ending with the continuation’s lines (the page sent again), whatever its place or page numbers', () => {
    const ran = [held(1, 'A\nb\nthe third line,\nthe fourth.', [3, 4]), held(2, 'Another poem', [5])];
    expect(runOnHeldPoem(continuation('the third line,\nthe fourth', []), ran, { batchStart: false })).toEqual({
      kind: 'held',
      poem: ran[0],
    });
  });

  it('ignores a poem that begins the batch with its title', () => {
    const titled = { title: 'New', body: 'the third line,\nthe fourth.', page_numbers: [13], source_pages: [0] };
    expect(runOnHeldPoem(titled, publication, { batchStart: true })).toBeUndefined();
  });

  describe('a play’s scene', () => {
    /** A speech as the reading sets it in a scene's text: the name in capitals, apart, over its lines. */
    const speech = (name: string, ...lines: string[]) => [name, '', ...lines].join('\n');
    const scene = [
      speech('COMENDADOR', '  ¿Sabe el maestre que estoy', 'en la villa?'),
      speech('FLORES', 'Ya lo sabe.'),
      speech('COMENDADOR', 'Y ¿sabe también que soy', '  Fernán Gómez de Guzmán?'),
      speech('FLORES', 'Es muchacho, no te asombre.'),
    ].join('\n\n');
    const sceneHeld = (pageNumbers: number[]) => [held(1, 'An earlier poem', [3]), held(2, scene, pageNumbers)];
    const opening = [speech('ORTUÑO', 'No falta quien le aconseje'), speech('COMENDADOR', 'Conquistará poco amor.')].join('\n\n');
    const midSpeech = ['y llaman rey a Fernando.', 'Será bien que deis asombro.', '', speech('FLORES', 'Presto le conocerás.')].join('\n');

    it('runs on over a page whose number cannot be read, or past pages not sent, when the page opens on a name', () => {
      for (const [before, after] of [
        [[], [10]],
        [[9], []],
        [[9], [12]],
      ]) {
        expect(runOnHeldPoem(continuation(opening, after, true), sceneHeld(before), { batchStart: true })).toMatchObject({
          kind: 'joined',
          poem: { id: 2 },
          body: `${scene}\n\n${opening}`,
          pageNumbers: [...before, ...after],
        });
      }
    });

    it('runs on over a page that begins mid-speech when one of the scene’s speakers speaks on it', () => {
      expect(runOnHeldPoem(continuation(midSpeech, []), sceneHeld([9]), { batchStart: true })).toMatchObject({ kind: 'joined' });
      const stranger = ['y llaman rey a Fernando.', '', speech('LAURENCIA', '¡Mas que nunca acá volviera!')].join('\n');
      expect(runOnHeldPoem(continuation(stranger, []), sceneHeld([9]), { batchStart: true })).toBeUndefined();
    });

    it('does not run on when the page numbers show the page comes before, or it is not the batch’s first poem', () => {
      expect(runOnHeldPoem(continuation(opening, [8], true), sceneHeld([9]), { batchStart: true })).toBeUndefined();
      expect(runOnHeldPoem(continuation(opening, [9], true), sceneHeld([9]), { batchStart: true })).toBeUndefined();
      expect(runOnHeldPoem(continuation(opening, [], true), sceneHeld([]), { batchStart: false })).toBeUndefined();
    });

    it('does not take a poem for a scene: a page of names after it stays its own without page numbers', () => {
      const poem = ['I.', '', 'The lamps are lit along the harbour wall,', '', 'II.', '', 'a boat comes in with nothing in its nets;'].join(
        '\n',
      );
      expect(runOnHeldPoem(continuation(opening, [], true), [held(2, poem, [])], { batchStart: true })).toBeUndefined();
    });
  });
});
