import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrPage } from './ocr-page.js';
import { analysePages, assemblePoems, cleanWords, indentFor, parsePageNumber, type PageLayout } from './page-layout.js';

/**
 * Synthetic OCR output: a page typeset with 30 px type, 45 px leading, text margin at x=200,
 * optionally tilted by `tilt` radians about the top-left corner as a hand-held photo would be.
 */
interface Spec {
  text: string;
  /** Indentation in em from the margin. */
  indent?: number;
  /** Line slots advanced before this line (1 = normal leading, 2 = one empty line). */
  advance?: number;
  size?: number;
  centred?: boolean;
}

const EM = 30;
const PITCH = 45;

function page(index: number, specs: Spec[], tilt = 0): OcrPage {
  let y = 150;
  const lines: OcrLine[] = specs.map((spec) => {
    y += (spec.advance ?? 1) * PITCH;
    const size = spec.size ?? EM;
    const width = spec.text.length * size * 0.5;
    const x = spec.centred ? 700 - width / 2 : 200 + (spec.indent ?? 0) * EM;
    const rot = (px: number, py: number) => ({ x: px * Math.cos(tilt) - py * Math.sin(tilt), y: px * Math.sin(tilt) + py * Math.cos(tilt) });
    const a = rot(x, y);
    const b = rot(x + width, y);
    const top = Math.min(a.y, b.y) - size * 0.75;
    const bottom = Math.max(a.y, b.y) + size * 0.25;
    let cursor = a.x;
    const words = spec.text.split(' ').map((word) => {
      const w = word.length * size * 0.5;
      const box = { x0: cursor, y0: top, x1: cursor + w, y1: bottom };
      cursor += w + size * 0.5;
      return { text: word, bbox: box, confidence: 95 };
    });
    return {
      words,
      bbox: { x0: Math.min(a.x, b.x), y0: top, x1: Math.max(a.x, b.x), y1: bottom },
      baseline: { x0: a.x, y0: a.y, x1: b.x, y1: b.y },
      rowHeight: size,
      confidence: 95,
    };
  });
  return { index, width: 1400, height: 2000, lines };
}

const header = (text: string): Spec => ({ text, size: 18, centred: true, advance: 0 });
const title = (text: string, advance = 3): Spec => ({ text, size: 44, centred: true, advance });
const folio = (n: number): Spec => ({ text: String(n), advance: 4, centred: true });

function analyse(...pages: OcrPage[]): PageLayout[] {
  return analysePages(pages);
}

describe('layout analysis of a poem page', () => {
  const poemPage = page(0, [
    header('THE ORCHARD YEARS'),
    title('Winter Light'),
    { text: 'The apple trees stand bare along the wall,', advance: 2 },
    { text: 'their branches written on a pale grey sky;', indent: 2 },
    { text: 'my father walked this row before the fall' },
    { text: 'and named each tree as we went slowly by.', indent: 2 },
    { text: 'He said the cold is only rest for wood,', advance: 2 },
    { text: 'that roots keep counting under frozen ground.', indent: 4 },
    folio(23),
  ]);

  it('keeps indentation (4 spaces per 2 em step), stanza breaks and the title, and drops header and page number', () => {
    const [layout] = analyse(poemPage);
    expect(layout.pageNumber).toBe(23);
    expect(layout.blocks).toEqual([
      {
        title: 'Winter Light',
        lines: [
          'The apple trees stand bare along the wall,',
          '    their branches written on a pale grey sky;',
          'my father walked this row before the fall',
          '    and named each tree as we went slowly by.',
          '',
          'He said the cold is only rest for wood,',
          '        that roots keep counting under frozen ground.',
        ],
      },
    ]);
  });

  it('reads the same layout from a photo tilted by 2 degrees', () => {
    const tilted = page(0, [
      header('THE ORCHARD YEARS'),
      title('Winter Light'),
      { text: 'The apple trees stand bare along the wall,', advance: 2 },
      { text: 'their branches written on a pale grey sky;', indent: 2 },
      { text: 'my father walked this row before the fall' },
      { text: 'and named each tree as we went slowly by.', indent: 2 },
      { text: 'He said the cold is only rest for wood,', advance: 2 },
      { text: 'that roots keep counting under frozen ground.', indent: 4 },
      folio(23),
    ], (2 * Math.PI) / 180);
    expect(analyse(tilted)).toEqual(analyse(poemPage));
  });

  it('splits two poems on one page at the second title', () => {
    const [layout] = analyse(
      page(0, [
        title('Small Hours', 2),
        { text: 'The kettle ticks as it cools down.', advance: 2 },
        { text: 'A car goes past, then none.' },
        title('Chalk'),
        { text: 'Forty years of chalk upon my sleeves,', advance: 2 },
        { text: 'the board was never empty, only waiting.', indent: 2 },
        folio(14),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['Small Hours', 'Chalk']);
    expect(layout.blocks[0].lines).toEqual(['The kettle ticks as it cools down.', 'A car goes past, then none.']);
    expect(layout.blocks[1].lines).toEqual(['Forty years of chalk upon my sleeves,', '    the board was never empty, only waiting.']);
  });

  it('takes a body-size title in capitals that stands apart as a title, but not a capitalised line inside a stanza', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'HARBOUR LIGHTS', advance: 0 },
        { text: 'At dusk the lights come on along the quay,', advance: 2 },
        { text: 'one by one, as if someone were reading' },
        { text: 'a list of names aloud across the water.' },
        { text: 'SPARROWS', advance: 3 },
        { text: 'They argue on the gutter every morning', advance: 2 },
        { text: 'STOP, THEY SAY, STOP', indent: 2 },
        { text: 'about the crumbs, the weather, and the cat.' },
      ]),
    );
    expect(layout.blocks.map((b) => [b.title, b.lines.length])).toEqual([
      ['HARBOUR LIGHTS', 3],
      ['SPARROWS', 3],
    ]);
  });

  it('reads a page number printed in the header corner and removes the header line', () => {
    const [layout] = analyse(
      page(0, [
        { text: '42 ELEANOR WHITFIELD', size: 18, advance: 0 },
        { text: 'and someone always saw the storm was forming.', indent: 2, advance: 3 },
        { text: 'I taught you meter as a kind of breathing,', advance: 2 },
      ]),
    );
    expect(layout.pageNumber).toBe(42);
    expect(layout.blocks).toEqual([{ lines: ['    and someone always saw the storm was forming.', '', 'I taught you meter as a kind of breathing,'] }]);
  });

  it('reads a page number set in its own box beside the header, and keeps a closing line that is a year', () => {
    const [layout] = analyse(
      page(0, [
        { text: '42', advance: 0 },
        header('ELEANOR WHITFIELD'),
        { text: 'The winter we were married was the coldest', advance: 3 },
        { text: 'since the war; we called it, ever after,' },
        { text: '1947' },
      ]),
    );
    expect(layout.pageNumber).toBe(42);
    expect(layout.blocks).toEqual([{ lines: ['The winter we were married was the coldest', 'since the war; we called it, ever after,', '1947'] }]);
  });

  it('recognises a header repeated across pages even at body size, but keeps a first line that is not set apart', () => {
    const a = page(0, [{ text: 'Collected Poems', advance: 0 }, title('One'), { text: 'first line of one', advance: 2 }, { text: 'second line of one' }]);
    const b = page(1, [{ text: 'Collected Poems', advance: 0 }, { text: 'third line of one', advance: 3 }, { text: 'fourth line of one' }]);
    const c = page(2, [{ text: 'Collected Poems', advance: 0 }, { text: 'fifth line of one' }]);
    const layouts = analyse(a, b, c);
    expect(layouts[0].blocks[0].lines).toEqual(['first line of one', 'second line of one']);
    expect(layouts[1].blocks[0].lines).toEqual(['third line of one', 'fourth line of one']);
    // Page c's first line repeats but sits at normal leading from the next: it is text.
    expect(layouts[2].blocks[0].lines).toEqual(['Collected Poems', 'fifth line of one']);
  });
});

describe('joining pages into poems', () => {
  it('continues a poem on the next page, with both page numbers, and starts the next at its title', () => {
    const pages = analyse(
      page(0, [title('Letter', 2), { text: 'You came to me in autumn', advance: 2 }, { text: 'with your questions folded small,', indent: 2 }, folio(11)]),
      page(1, [header('ELEANOR WHITFIELD'), { text: 'and I pretended I had answers.', advance: 3 }, { text: 'So here is my last lesson.', advance: 2 }, title('Chalk'), { text: 'Forty years of chalk,', advance: 2 }, folio(12)]),
    );
    expect(assemblePoems(pages)).toEqual([
      {
        title: 'Letter',
        body: 'You came to me in autumn\n    with your questions folded small,\nand I pretended I had answers.\n\nSo here is my last lesson.',
        page_numbers: [11, 12],
        source_pages: [0, 1],
      },
      { title: 'Chalk', body: 'Forty years of chalk,', page_numbers: [12], source_pages: [1] },
    ]);
  });

  it('gives an untitled poem with nothing to continue its first line as title, and leaves page numbers empty when none is printed', () => {
    const pages = analyse(page(3, [{ text: 'Nobody wrote it down. That was the point.', advance: 2 }, { text: 'Some things are only meant to pass through air' }]));
    expect(assemblePoems(pages)).toEqual([
      { title: 'Nobody wrote it down. That was the point.', body: 'Nobody wrote it down. That was the point.\nSome things are only meant to pass through air', page_numbers: [], source_pages: [3] },
    ]);
  });
});

describe('small readers', () => {
  it('parses printed page numbers and refuses ordinary words', () => {
    expect(parsePageNumber('17')).toBe(17);
    expect(parsePageNumber('- 17 -')).toBe(17);
    expect(parsePageNumber('[iv]')).toBeUndefined();
    expect(parsePageNumber('Page 203')).toBe(203);
    expect(parsePageNumber('l7')).toBe(17);
    expect(parsePageNumber('Oh')).toBeUndefined();
    expect(parsePageNumber('and')).toBeUndefined();
  });

  it('turns offsets into indent steps of 2 em, ignoring ragged edges under 0.6 em', () => {
    expect(indentFor(10, 30)).toBe('');
    expect(indentFor(20, 30)).toBe('    ');
    expect(indentFor(60, 30)).toBe('    ');
    expect(indentFor(125, 30)).toBe('        ');
    expect(indentFor(180, 30)).toBe('            ');
  });

  it('repairs the pronoun I misread as 1 or | and a speck read as an apostrophe', () => {
    expect(cleanWords(['1', 'stood', 'before', 'the', 'hall'])).toEqual(['I', 'stood', 'before', 'the', 'hall']);
    expect(cleanWords(['|', 'had', 'prepared'])).toEqual(['I', 'had', 'prepared']);
    expect(cleanWords(["I'walked", 'beneath', 'you'])).toEqual(['I walked', 'beneath', 'you']);
    expect(cleanWords(["I'll", 'go'])).toEqual(["I'll", 'go']);
    expect(cleanWords(['1', 'of', '3', 'apples'])).toEqual(['1', 'of', '3', 'apples']);
    expect(cleanWords(['Chapter', '1'])).toEqual(['Chapter', '1']);
  });
});
