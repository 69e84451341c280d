import { describe, expect, it } from 'vitest';
import { cleanWords } from './layout-lines.js';
import type { OcrLine, OcrPage } from './ocr-page.js';
import { assemblePoems, type PageLayout } from '../assemble-poems.js';
import { analysePages, indentFor, indentStep } from './page-layout.js';
import type { BookNames } from './page-furniture.js';

/**
 * Synthetic OCR output: a page typeset with 30 px type and 45 px leading, text margin at x=200,
 * on a page 1400 px wide (centre 700), optionally tilted by `tilt` radians as a hand-held photo
 * would be. Word boxes are as high as the type size, so capitals measure the size of the type.
 */
interface Spec {
  text: string;
  /** Indentation in em from the margin. */
  indent?: number;
  /** Line slots advanced before this line (1 = normal leading, 2 = one empty line). */
  advance?: number;
  size?: number;
  centred?: boolean;
  /** Set flush against this right edge (x) instead of the margin. */
  flushRight?: number;
  /** Justified: its words spaced out so that it ends at this right edge (x), as prose is set. */
  justify?: number;
  /** Advance of a letter in em (0.5 on average; capitals set solid take about 0.7, letter-spaced more). */
  letterWidth?: number;
  /** Measures the line's ink as the image thread does: capitals 0.68 em high, x-height 0.45 em. */
  ink?: boolean;
}

const EM = 30;
const PITCH = 45;

function page(index: number, specs: Spec[], tilt = 0): OcrPage {
  let y = 150;
  const lines: OcrLine[] = specs.map((spec) => {
    y += (spec.advance ?? 1) * PITCH;
    const size = spec.size ?? EM;
    const letter = spec.letterWidth ?? 0.5;
    const width = spec.text.length * size * letter;
    const x = spec.flushRight !== undefined ? spec.flushRight - width : spec.centred ? 700 - width / 2 : 200 + (spec.indent ?? 0) * EM;
    const rot = (px: number, py: number) => ({
      x: px * Math.cos(tilt) - py * Math.sin(tilt),
      y: px * Math.sin(tilt) + py * Math.cos(tilt),
    });
    const a = rot(x, y);
    const b = rot(spec.justify ?? x + width, y);
    const top = Math.min(a.y, b.y) - size * 0.75;
    const bottom = Math.max(a.y, b.y) + size * 0.25;
    let cursor = a.x;
    const split = spec.text.split(' ');
    const space =
      spec.justify !== undefined && split.length > 1
        ? (spec.justify - x - (spec.text.length - split.length + 1) * size * letter) / (split.length - 1)
        : size * 0.5;
    const words = split.map((word) => {
      const w = word.length * size * letter;
      const box = { x0: cursor, y0: top, x1: cursor + w, y1: bottom };
      cursor += w + space;
      return { text: word, bbox: box, confidence: 95 };
    });
    return {
      words,
      bbox: { x0: Math.min(a.x, b.x), y0: top, x1: Math.max(a.x, b.x), y1: bottom },
      baseline: { x0: a.x, y0: a.y, x1: b.x, y1: b.y },
      rowHeight: size,
      ...(spec.ink ? { ink: { band: size * (/\p{Ll}/u.test(spec.text) ? 0.45 : 0.68), ascent: size * 0.72 } } : {}),
      confidence: 95,
    };
  });
  return { index, width: 1400, height: 2000, lines };
}

const head = (text: string): Spec => ({ text, size: 18, centred: true, advance: 0 });
const title = (text: string, advance = 3): Spec => ({ text, size: 44, centred: true, advance });
const folio = (text: string | number, advance = 4): Spec => ({ text: String(text), advance, centred: true });
const verse = (text: string, indent = 0, advance = 1): Spec => ({ text, indent, advance });

/** The layout's text (what was read of each line is tested on its own, below). */
const analyse = (...pages: OcrPage[]): PageLayout[] => analyseBook(undefined, ...pages);
/** The layout of pages scanned into a publication with this title and these authors. */
const analyseBook = (names: BookNames | undefined, ...pages: OcrPage[]): PageLayout[] =>
  analysePages(pages, { names }).map((p) => ({ ...p, blocks: p.blocks.map(({ reads: _reads, ...block }) => block) }));

/** A full page of verse: `n` lines reaching the foot of the text block. */
const fullPage = (prefix: string, n = 30): Spec[] =>
  Array.from({ length: n }, (_, i) => verse(`${prefix} line ${i + 1} of the running poem`));

/** Breaks words into lines of at most `width(k)` characters (the k-th line's), as a printer fills a measure. */
function fill(words: string[], width: (k: number) => number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width(lines.length - 1)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Verse set on a measure of `chars` characters (half an em each) from the margin: what does not fit
 * is turned over onto the next printed line, hanging `hang` em in or set flush right.
 */
const turnedOver = (stanzas: string[][], chars: number, hang: number | 'right'): Spec[] =>
  stanzas.flatMap((stanza) =>
    stanza.flatMap((line, i): Spec[] => {
      const [kept, ...rest] = fill(line.split(' '), () => chars);
      const advance = i === 0 ? 2 : 1;
      if (rest.length === 0) return [verse(kept, 0, advance)];
      const end = rest.join(' ');
      return [verse(kept, 0, advance), hang === 'right' ? { text: end, flushRight: 200 + chars * 15 } : verse(end, hang)];
    }),
  );

/** Prose justified on a measure of `chars` characters, each paragraph's first line indented `indent` em. */
const prose = (paragraphs: string[], chars: number, indent: number, advance = 2): Spec[] =>
  paragraphs.flatMap((paragraph, p) => {
    const lines = fill(paragraph.split(' '), (k) => (k === 0 ? chars - indent * 2 : chars));
    return lines.map((text, k) => ({
      text,
      indent: k === 0 ? indent : 0,
      advance: p === 0 && k === 0 ? advance : 1,
      justify: k < lines.length - 1 ? 200 + chars * 15 : undefined,
    }));
  });

describe('layout of a poem page', () => {
  const poemPage = page(0, [
    head('THE ORCHARD YEARS'),
    title('Winter Light'),
    verse('The apple trees stand bare along the wall,', 0, 2),
    verse('their branches written on a pale grey sky;', 2),
    verse('my father walked this row before the fall'),
    verse('and named each tree as we went slowly by.', 2),
    verse('He said the cold is only rest for wood,', 0, 2),
    verse('that roots keep counting under frozen ground.', 4),
    folio(23),
  ]);

  it('keeps indentation, stanza breaks and the title, and drops the running head and the folio', () => {
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
    const tilted = page(
      0,
      [
        head('THE ORCHARD YEARS'),
        title('Winter Light'),
        verse('The apple trees stand bare along the wall,', 0, 2),
        verse('their branches written on a pale grey sky;', 2),
        verse('my father walked this row before the fall'),
        verse('and named each tree as we went slowly by.', 2),
        verse('He said the cold is only rest for wood,', 0, 2),
        verse('that roots keep counting under frozen ground.', 4),
        folio(23),
      ],
      (2 * Math.PI) / 180,
    );
    expect(analyse(tilted)).toEqual(analyse(poemPage));
  });

  it('splits two poems on one page at the second title', () => {
    const [layout] = analyse(
      page(0, [
        title('Small Hours', 2),
        verse('The kettle ticks as it cools down.', 0, 2),
        verse('A car goes past, then none.'),
        title('Chalk'),
        verse('Forty years of chalk upon my sleeves,', 0, 2),
        verse('the board was never empty, only waiting.', 2),
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
        verse('HARBOUR LIGHTS', 0, 0),
        verse('At dusk the lights come on along the quay,', 0, 2),
        verse('one by one, as if someone were reading'),
        verse('a list of names aloud across the water.'),
        verse('SPARROWS', 0, 3),
        verse('They argue on the gutter every morning', 0, 2),
        verse('STOP, THEY SAY, STOP', 2),
        verse('about the crumbs, the weather, and the cat.'),
      ]),
    );
    expect(layout.blocks.map((b) => [b.title, b.lines.length])).toEqual([
      ['HARBOUR LIGHTS', 3],
      ['SPARROWS', 3],
    ]);
  });

  it('merges a title printed on two lines', () => {
    const [layout] = analyse(
      page(0, [
        title('A Song for the', 2),
        { text: 'Lamplighters', size: 44, centred: true, advance: 1.5 },
        verse('Who climbs the ladder with the flame', 0, 2),
        verse('and leaves the street a little changed'),
      ]),
    );
    expect(layout.blocks).toEqual([
      { title: 'A Song for the Lamplighters', lines: ['Who climbs the ladder with the flame', 'and leaves the street a little changed'] },
    ]);
  });

  it('keeps a passage of prose in larger type as lines of text, not as a title that loses it', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'These songs were gathered over', size: 40, advance: 2 },
        { text: 'many summers in the west, and', size: 40, advance: 1.2 },
        { text: 'are printed here as they were sung.', size: 40, advance: 1.2 },
        title('The Harvest', 3),
        verse('The sheaves are in, the barn is full,', 0, 2),
        verse('and all the lanes are still.'),
      ]),
    );
    expect(layout.blocks).toEqual([
      { lines: ['These songs were gathered over', 'many summers in the west, and', 'are printed here as they were sung.'] },
      { title: 'The Harvest', lines: ['The sheaves are in, the barn is full,', 'and all the lanes are still.'] },
    ]);
  });

  it('keeps a line in upper and lower case set right under a heading in capitals as its text, not more of the heading', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'COMENDADOR', centred: true, advance: 2 },
        verse('¿Sabe el maestre que estoy', 1, 1.5),
        verse('en la villa?'),
        { text: 'FLORES', centred: true, advance: 1.5 },
        { text: 'Ya lo sabe.', centred: true, advance: 1.2 },
        { text: 'ORTUÑO', centred: true, advance: 1.5 },
        verse('Está, con la edad, más grave.', 0, 1.5),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['COMENDADOR', 'FLORES', 'ORTUÑO']);
    expect(layout.blocks[1].lines.map((l) => l.trim())).toEqual(['Ya lo sabe.']);
  });

  it('takes a short line centred over flush-left verse, standing apart, as a title', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'Evensong', centred: true, advance: 2 },
        verse('The bells have done their counting for the day,', 0, 2),
        verse('and every roof lets go of what it held.'),
        verse('The swallows write and rub their writing out,'),
        verse('and nothing that they wrote was meant to stay.'),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['Evensong']);
    expect(layout.blocks[0].lines).toHaveLength(4);
  });
});

describe('a verse play', () => {
  const name = (text: string, advance = 1.5): Spec => ({ text, centred: true, advance });
  /** Ortuño answered by the Comendador and answering him: a page's worth of speeches begun. */
  const ortuno = [
    name('ORTUÑO', 2),
    verse('No falta quien le aconseje', 0, 1.5),
    verse('que de ser cortés se aleje.'),
    name('COMENDADOR'),
    verse('Conquistará poco amor.', 0, 1.5),
    name('ORTUÑO'),
    verse('Es llave la cortesía', 1, 1.5),
    verse('para abrir la voluntad.'),
  ];
  const scene = [
    page(0, [
      title('ACTO PRIMERO', 2),
      name('COMENDADOR', 2.5),
      verse('¿Sabe el maestre que estoy', 1, 1.5),
      verse('en la villa, y que le espero?'),
      name('FLORES'),
      verse('Ya lo sabe, y viene luego.', 0, 1.5),
      name('COMENDADOR'),
      verse('¿Y sabe también que soy', 0, 1.5),
      verse('quien le dio la cruz primero?'),
      name('FLORES'),
      verse('Es muchacho, no te asombre.', 0, 1.5),
      folio(9, 3),
    ]),
    page(1, [folio(10, 0), ...ortuno]),
  ];

  it("keeps the speakers' names as lines of one scene, under the act's title, across the page turn", () => {
    const layouts = analyse(...scene);
    expect(layouts[0].blocks.map((b) => b.title)).toEqual(['ACTO PRIMERO']);
    expect(layouts[0].blocks[0].lines.map((l) => l.trim())).toEqual([
      'COMENDADOR',
      '',
      '¿Sabe el maestre que estoy',
      'en la villa, y que le espero?',
      '',
      'FLORES',
      '',
      'Ya lo sabe, y viene luego.',
      '',
      'COMENDADOR',
      '',
      '¿Y sabe también que soy',
      'quien le dio la cruz primero?',
      '',
      'FLORES',
      '',
      'Es muchacho, no te asombre.',
    ]);
    // The names are set flush, the speeches keep their indentation.
    expect(layouts[0].blocks[0].lines[0]).toBe('COMENDADOR');
    expect(layouts[0].blocks[0].lines[2]).toMatch(/^ +¿Sabe/);
    const poems = assemblePoems(layouts);
    expect(poems.map((p) => [p.title, p.page_numbers])).toEqual([['ACTO PRIMERO', [9, 10]]]);
    expect(poems[0].body).toContain('Es muchacho, no te asombre.\n\nORTUÑO\n\nNo falta quien le aconseje');
  });

  it('reads a page alone as a scene when its main speaker answers each of the others', () => {
    const [layout] = analyse(page(0, [folio(14, 0), ...ortuno, name('FLORES'), verse('Ya lo sabe, y viene luego.', 0, 1.5)]));
    // No poem titled with a name: the page continues the scene it began before.
    expect(layout.blocks.map((b) => b.title)).toEqual([undefined]);
    expect(layout.blocks[0].lines.filter((l) => /^[A-ZÑ]+$/.test(l))).toEqual(['ORTUÑO', 'COMENDADOR', 'ORTUÑO', 'FLORES']);
  });

  describe('a page uploaded alone after the scene it continues', () => {
    // Three speeches: too few on their own to tell names from titles.
    const lonePage = page(0, [
      folio(20, 0),
      name('COMENDADOR', 2),
      verse('Y si importa, como paso,', 1, 1.5),
      verse('a Ciudad Real mi gente.'),
      name('MAESTRE'),
      verse('Vuestra gente se registre;', 0, 1.5),
      name('COMENDADOR'),
      verse('Las órdenes del maestre', 1, 1.5),
      verse('recibo con gran contento.'),
    ]);
    const heldScene = [
      'FLORES',
      '',
      '  Ya lo sabe, y viene luego.',
      '',
      'COMENDADOR',
      '',
      '  ¿Y sabe también que soy',
      'quien le dio la cruz primero?',
      '',
      'FLORES',
      '',
      '  Es muchacho, no te asombre.',
      '',
      'MAESTRE',
      '',
      '  Perdonad, Fernán Gómez.',
    ].join('\n');
    const titles = (before?: string) => analysePages([lonePage], { before }).flatMap((l) => l.blocks.map((b) => b.title));

    it('alone, keeps its few headings as titles', () => {
      expect(titles()).toEqual(['COMENDADOR', 'MAESTRE', 'COMENDADOR']);
    });

    it("continues the scene as its text when the publication's last poem shows the speakers' names", () => {
      const [layout] = analysePages([lonePage], { before: heldScene });
      expect(layout.blocks.map((b) => b.title)).toEqual([undefined]);
      expect(layout.startsLow).toBe(true);
      expect(layout.blocks[0].lines.map((l) => l.trim())).toEqual([
        'COMENDADOR',
        '',
        'Y si importa, como paso,',
        'a Ciudad Real mi gente.',
        '',
        'MAESTRE',
        '',
        'Vuestra gente se registre;',
        '',
        'COMENDADOR',
        '',
        'Las órdenes del maestre',
        'recibo con gran contento.',
      ]);
    });

    it('keeps its headings as titles after a poem without names in it', () => {
      const poem = ['The lamps are lit along the harbour wall,', 'a boat comes in with nothing in its nets;', '', 'AMEN'].join('\n');
      expect(titles(poem)).toEqual(['COMENDADOR', 'MAESTRE', 'COMENDADOR']);
    });
  });

  it('takes a name in small capitals for a speaker though the printer took some of the space above it to fit the page', () => {
    // Small capitals: capitals as tall as the verse's lower case. Above two names (after a short
    // line) the printer left less room than above the others, but more than the leading.
    const smallName = (text: string, advance: number): Spec => ({ text, centred: true, advance, size: 20, ink: true });
    const line = (text: string, indent = 0, advance = 1): Spec => ({ ...verse(text, indent, advance), ink: true });
    const specs = (named: (text: string, advance: number) => Spec) => [
      { text: '23', advance: 0, flushRight: 1200 },
      line('y Ortuño, aquel socarrón,', 0, 1.5),
      line('me mostraron un jubón.'),
      named('PASCUALA', 1.8),
      line('¿Dónde te hablaron?', 0, 1.4),
      named('LAURENCIA', 1.8),
      line('En el arroyo, y habrá', 0, 1.4),
      line('seis días.'),
      named('PASCUALA', 1.2),
      line('Y yo sospecho', 6, 1.4),
      line('que te han de engañar, Laurencia.', 1),
      named('LAURENCIA', 1.8),
      line('¿A mí?', 0, 1.4),
      named('PASCUALA', 1.2),
      line('Que no, sino al cura.', 5, 1.4),
      named('LAURENCIA', 1.8),
      line('Soy, aunque polla, muy dura', 0, 1.4),
      line('yo para su reverencia.'),
    ];
    const [layout] = analyse(page(0, specs(smallName)));
    expect(layout.blocks.map((b) => b.title)).toEqual([undefined]);
    expect(layout.blocks[0].lines.filter((l) => /^[A-Z]+$/.test(l))).toEqual([
      'PASCUALA',
      'LAURENCIA',
      'PASCUALA',
      'LAURENCIA',
      'PASCUALA',
      'LAURENCIA',
    ]);
    expect(layout.blocks[0].lines.join('\n')).toContain('seis días.\n\nPASCUALA\n\n');
    // The same lines in the verse's own capitals, as close under the verse, stay lines of it.
    const [full] = analyse(
      page(
        0,
        specs((text, advance) => ({ ...line(text, 0, advance), centred: true })),
      ),
    );
    expect(full.blocks.flatMap((b) => b.lines).map((l) => l.trim())).toContain('seis días.');
    expect(full.blocks.flatMap((b) => b.lines).map((l) => l.trim())).toContain('PASCUALA');
  });

  it('keeps short poems under body-size headings as poems when the headings do not take turns like speakers', () => {
    const song = (heading: string, advance: number): Spec[] => [
      name(heading, advance),
      verse('The lark is up before the light,', 0, 2),
      verse('and sings the morning into sight.'),
    ];
    const layouts = analyse(
      page(0, [
        ...song('SONG', 2),
        ...song('SONG', 3),
        ...song('SONNET', 3),
        ...song('SONG', 3),
        ...song('SONNET', 3),
        ...song('SONNET', 3),
      ]),
    );
    expect(layouts[0].blocks.map((b) => b.title)).toEqual(['SONG', 'SONG', 'SONNET', 'SONG', 'SONNET', 'SONNET']);
  });
});

describe('page furniture', () => {
  it('reads a folio printed in the head corner and removes the running head', () => {
    const [layout] = analyse(
      page(0, [
        { text: '42 ELEANOR WHITFIELD', size: 18, advance: 0 },
        verse('and someone always saw the storm was forming.', 2, 3),
        verse('I taught you meter as a kind of breathing,', 0, 2),
      ]),
    );
    expect(layout.pageNumber).toBe(42);
    expect(layout.blocks).toEqual([
      { lines: ['    and someone always saw the storm was forming.', '', 'I taught you meter as a kind of breathing,'] },
    ]);
  });

  it('reads a folio alone in the outer corner of the head though the first line stands close under it, but not a number inside the text block', () => {
    const text = {
      one: [
        'the one who speaks a little while and goes,',
        'and leaves the stage to someone else to fill;',
        'who knows the lines, but not how the story goes,',
        'and keeps on saying them against his will.',
      ],
      two: [
        'The lamps are lit along the harbour wall,',
        'a boat comes in with nothing in its nets;',
        'the gulls go over, and the evenings fall',
        'on men who count the weather and their debts.',
      ],
      three: [
        'In spring the orchard wakes before the town,',
        'its branches loud with finches and with rain;',
        'by May the petals settle and lie down',
        'like letters no one means to read again.',
      ],
    };
    const lines = (page: keyof typeof text) => text[page].map((line, i) => verse(line, 0, i === 0 ? 1.2 : 1));
    // Close under the folio is the text: a name in small capitals there is a speaker's, not a head.
    const [speech] = analyse(
      page(0, [
        { text: '16', advance: 0, flushRight: 150 },
        { text: 'LAURENCIA', size: 22, centred: true, advance: 1.2 },
        ...lines('one').map((l, i) => (i === 0 ? { ...l, advance: 1.5 } : l)),
      ]),
    );
    expect(speech.pageNumber).toBe(16);
    expect(speech.blocks[0].title).toBe('LAURENCIA');
    const [left, right, inside] = analyse(
      page(0, [{ text: '14', advance: 0, flushRight: 150 }, ...lines('one')]),
      page(1, [{ text: '15', advance: 0, flushRight: 1300 }, ...lines('two')]),
      page(2, [{ text: '1914', advance: 0, indent: 4 }, ...lines('three')]),
    );
    expect([left.pageNumber, right.pageNumber]).toEqual([14, 15]);
    expect(left.blocks).toEqual([{ lines: lines('one').map((l) => l.text) }]);
    expect(right.blocks).toEqual([{ lines: lines('two').map((l) => l.text) }]);
    expect(inside.blocks[0].lines[0].trim()).toBe('1914');
  });

  it('reads a folio set apart in the outer corner of a head that names the poem, and keeps the poem its title', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'DUST OF SNOW', size: 18, centred: true, advance: 0 },
        { text: '11', size: 18, advance: 0, flushRight: 1200 },
        { text: 'DUST OF SNOW', size: 32, centred: true, advance: 2 },
        verse('The way a crow', 0, 2),
        verse('Shook down on me'),
      ]),
    );
    expect(layout.pageNumber).toBe(11);
    expect(layout.blocks).toEqual([{ title: 'DUST OF SNOW', lines: ['The way a crow', 'Shook down on me'] }]);
  });

  it('takes a head carrying its folio after a stop, or letter-spaced capitals, for a running head over the poem it continues', () => {
    const [withFolio] = analyse(
      page(0, [
        { text: 'The New Ahasuerus in England, 231', advance: 0 },
        verse('and so he wandered on from town to town,', 0, 3),
        verse('and no one knew the burden that he bore.'),
      ]),
    );
    expect(withFolio.pageNumber).toBe(231);
    expect(withFolio.blocks).toEqual([{ lines: ['and so he wandered on from town to town,', 'and no one knew the burden that he bore.'] }]);
    const [spaced] = analyse(
      page(0, [
        { text: "A B O Y ' S W I L L", centred: true, advance: 0 },
        verse('And the sun and the stars were all my own,', 0, 3),
        verse('And I was the lord of the land.'),
      ]),
    );
    expect(spaced.blocks).toEqual([{ lines: ['And the sun and the stars were all my own,', 'And I was the lord of the land.'] }]);
  });

  it('keeps a closing line that is a year, as it is not set apart like a folio', () => {
    const [layout] = analyse(
      page(0, [
        { text: '42', advance: 0 },
        head('ELEANOR WHITFIELD'),
        verse('The winter we were married was the coldest', 0, 3),
        verse('since the war; we called it, ever after,'),
        verse('1947'),
      ]),
    );
    expect(layout.pageNumber).toBe(42);
    expect(layout.blocks).toEqual([
      { lines: ['The winter we were married was the coldest', 'since the war; we called it, ever after,', '1947'] },
    ]);
  });

  it('reads a folio set one line under the text, centred or in the corner, but keeps a number at the margin as verse', () => {
    const read = (last: Spec) =>
      analyse(
        page(0, [verse('Und wie tief unten sich die Erde kühlte,', 0, 2), verse('Das Dunkel aus den Tiefen aufwärts drang,'), last]),
      )[0];
    const centred = read({ text: '13', centred: true });
    expect(centred.pageNumber).toBe(13);
    expect(centred.blocks[0].lines).toEqual(['Und wie tief unten sich die Erde kühlte,', 'Das Dunkel aus den Tiefen aufwärts drang,']);
    expect(read({ text: '24', flushRight: 200 + 40 * 15 }).pageNumber).toBe(24);
    const atMargin = read(verse('28'));
    expect(atMargin.pageNumber).toBeUndefined();
    expect(atMargin.blocks[0].lines[2]).toBe('28');
  });

  it('drops a catchword at the foot: the next page’s first word, or in capitals when there is no next page', () => {
    const foot = (word: string) => ({ text: word, flushRight: 200 + 40 * 15 });
    const lines = [
      verse('Oh! the days are gone, when Beauty bright my heart’s chain wove,', 0, 2),
      verse('When my dream of life, from morn till night, was love, still love.', 2),
    ];
    const [alone] = analyse(page(0, [...lines, foot('BUT')]));
    expect(alone.blocks[0].lines).toHaveLength(2);
    const [before, after] = analyse(
      page(0, [...lines, foot('New')]),
      page(1, [verse('New hope may bloom, and days may come,', 0, 2), verse('Of milder, calmer beam,', 2)]),
    );
    expect(before.blocks[0].lines).toHaveLength(2);
    expect(after.blocks[0].lines[0]).toBe('New hope may bloom, and days may come,');
    // A last word of verse set at the right (here a turned end) is kept: it is not the next page’s first word.
    const [kept] = analyse(page(0, [...lines, foot('Kindern')]), page(1, [verse('Und mit mir sitzest in dem Gartenturm:', 0, 2)]));
    expect(kept.blocks[0].lines.join('\n')).toMatch(/love\. Kindern$/);
  });

  it('reads decorated and roman folios at the foot', () => {
    const read = (text: string) =>
      analyse(page(0, [verse('A line of verse that fills the page', 0, 2), verse('and another line beneath it here'), folio(text)]))[0]
        .pageNumber;
    expect(read('— 22 —')).toBe(22);
    expect(read('[117]')).toBe(117);
    expect(read('xiv')).toBe(14);
  });

  it('recognises a head repeated across pages even at body size, but keeps a first line that is not set apart', () => {
    const a = page(0, [verse('Collected Poems', 0, 0), title('One'), verse('first line of one', 0, 2), verse('second line of one')]);
    const b = page(1, [verse('Collected Poems', 0, 0), verse('third line of one', 0, 3), verse('fourth line of one')]);
    const c = page(2, [verse('Collected Poems', 0, 0), verse('fifth line of one')]);
    const layouts = analyse(a, b, c);
    expect(layouts[0].blocks[0].lines).toEqual(['first line of one', 'second line of one']);
    expect(layouts[1].blocks[0].lines).toEqual(['third line of one', 'fourth line of one']);
    // Page c's first line repeats but sits at normal leading from the next: it is text.
    expect(layouts[2].blocks[0].lines).toEqual(['Collected Poems', 'fifth line of one']);
  });

  it('does not take a poem title at the head of a page for a running head because its last line repeats it', () => {
    const [layout] = analyse(
      page(0, [
        title('Nothing Gold Can Stay', 0),
        verse("Nature's first green is gold,", 0, 2),
        verse('Her hardest hue to hold.'),
        verse('Nothing gold can stay.'),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['Nothing Gold Can Stay']);
  });

  it('does not take a title at the head of a page for a running head because the first line repeats it', () => {
    const [layout] = analyse(
      page(0, [
        title("There's a Certain Slant of Light", 0),
        verse("There's a certain slant of light,", 0, 2.5),
        verse('On winter afternoons,'),
        verse('That oppresses, like the weight'),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(["There's a Certain Slant of Light"]);
  });

  it('drops a section numeral above a title, and an ornament between poems', () => {
    const [layout] = analyse(
      page(0, [
        head('POEMS.'),
        { text: 'IV.', centred: true, advance: 3 },
        { text: 'THE CHARIOT', size: 26, centred: true, advance: 1.2 },
        verse('Because I could not stop for Death,', 0, 2),
        verse('He kindly stopped for me;', 1),
        { text: '❧ *', centred: true, advance: 2 },
        { text: 'II.', centred: true, advance: 2 },
        { text: 'SUCCESS', size: 26, centred: true, advance: 1.2 },
        verse('Success is counted sweetest', 0, 2),
        verse('By those who ne’er succeed.'),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['THE CHARIOT', 'SUCCESS']);
    expect(layout.blocks[0].lines).toEqual(['Because I could not stop for Death,', '  He kindly stopped for me;']);
  });

  it('takes a first numeral over verse, with no title, as the poem’s title, and one past the first opening a batch as a part of a poem begun before', () => {
    const [first] = analyse(
      page(0, [
        { text: 'I.', centred: true, advance: 2 },
        verse('The sea was never ours to keep,', 0, 2),
        verse('we only borrowed it at night.'),
      ]),
    );
    expect(first.blocks).toEqual([{ title: 'I', lines: ['The sea was never ours to keep,', 'we only borrowed it at night.'] }]);
    const [later] = analyse(
      page(0, [
        { text: 'XII.', centred: true, advance: 2 },
        verse('The sea was never ours to keep,', 0, 2),
        verse('we only borrowed it at night.'),
      ]),
    );
    expect(later.blocks).toEqual([{ lines: ['XII.', '', 'The sea was never ours to keep,', 'we only borrowed it at night.'] }]);
  });

  it('keeps numerals under a title as the poem’s part numbers, in sequence, as printed with their stop', () => {
    const [layout] = analyse(
      page(0, [
        title('EVENING BELLS', 2),
        { text: 'L', centred: true, advance: 2 },
        verse('Those evening bells, those evening bells,', 0, 2),
        verse('How many a tale their music tells!', 2),
        { text: '15', centred: true, advance: 2 },
        verse('Those joyous hours are passed away,', 0, 2),
        verse('And many a heart that then was gay.', 2),
        { text: 'IIL', centred: true, advance: 2 },
        verse('And so ’twill be when I am gone,', 0, 2),
        verse('That tuneful peal will still ring on.', 2),
      ]),
    );
    expect(layout.blocks).toEqual([
      {
        title: 'EVENING BELLS',
        lines: [
          'I.',
          '',
          'Those evening bells, those evening bells,',
          '    How many a tale their music tells!',
          '',
          'II.',
          '',
          'Those joyous hours are passed away,',
          '    And many a heart that then was gay.',
          '',
          'III.',
          '',
          'And so ’twill be when I am gone,',
          '    That tuneful peal will still ring on.',
        ],
      },
    ]);
  });

  it('reads part numerals past the first in a poem continued from the page before as its parts', () => {
    const [layout] = analyse(
      page(0, [
        verse('Wie eine Heilige, die ihr Blut vergießt.', 0, 2),
        { text: '111]', centred: true, advance: 2 },
        verse('Wir sind aus solchem Zeug, wie das zu Träumen,', 0, 2),
        verse('Und Träume schlagen so die Augen auf'),
        { text: 'Iv', centred: true, advance: 2 },
        verse('Zuweilen kommen niegeliebte Frauen', 0, 2),
      ]),
    );
    expect(layout.blocks).toEqual([
      {
        lines: [
          'Wie eine Heilige, die ihr Blut vergießt.',
          '',
          'III',
          '',
          'Wir sind aus solchem Zeug, wie das zu Träumen,',
          'Und Träume schlagen so die Augen auf',
          '',
          'IV',
          '',
          'Zuweilen kommen niegeliebte Frauen',
        ],
      },
    ]);
  });

  it('keeps numerals of untitled poems as their titles, one poem each', () => {
    const [layout] = analyse(
      page(0, [
        { text: 'I.', centred: true, advance: 2 },
        verse('The sea was never ours to keep,', 0, 2),
        verse('we only borrowed it at night.'),
        { text: 'II.', centred: true, advance: 2 },
        verse('The shore forgets the boats it held,', 0, 2),
      ]),
    );
    expect(layout.blocks.map((b) => b.title)).toEqual(['I', 'II']);
  });

  it('does not let a lone speck or broken line left of the text move the page’s margin', () => {
    const [layout] = analyse(
      page(0, [
        verse('y llaman rey a Fernando.', 0, 2),
        verse('Será bien que deis asombro,'),
        { text: 'os están desde la fama', indent: -0.7 },
        verse('los laureles que ganaron;'),
        verse('Fernán Gómez, estad cierto', 1),
        verse('que en esta parcialidad,'),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'y llaman rey a Fernando.',
      'Será bien que deis asombro,',
      'os están desde la fama',
      'los laureles que ganaron;',
      '  Fernán Gómez, estad cierto',
      'que en esta parcialidad,',
    ]);
  });

  it('drops a gutter shadow read as a mark left of the text margin', () => {
    const [layout] = analyse(
      page(0, [
        verse('The harbour sleeps beneath a quilt of fog,', 0, 2),
        { text: '| and every mooring groans a little tune,', indent: -1 },
        verse('the gulls are folded up like letters sent'),
      ]),
    );
    expect(layout.blocks[0].lines[1]).toBe('and every mooring groans a little tune,');
  });
});

describe('marks left of the text block', () => {
  interface Mark {
    text: string;
    /** Where the mark stands, in em from the margin (negative: left of it). */
    at: number;
    confidence: number;
    /** Its height in em. */
    height: number;
  }
  /** The page with a mark read as the first word of line `i`, or as a line of its own when `alone`. */
  const marked = (clean: OcrPage, marks: Array<Mark & { line: number; alone?: boolean }>): OcrPage => {
    const lines = clean.lines.map((l) => ({ ...l, words: [...l.words] }));
    for (const mark of marks) {
      const line = lines[mark.line];
      const x0 = 200 + mark.at * EM;
      const bbox = { x0, y0: line.bbox.y1 - EM * 0.25 - mark.height * EM, x1: x0 + EM * 0.2, y1: line.bbox.y1 - EM * 0.25 };
      const word = { text: mark.text, bbox, confidence: mark.confidence };
      if (mark.alone) lines.push({ words: [word], bbox, rowHeight: mark.height * EM, confidence: mark.confidence });
      else line.words.unshift(word);
    }
    return { ...clean, lines };
  };
  const poem = page(0, [
    title('Tide Tables'),
    verse('The harbour keeps its hours by the moon,', 0, 2),
    verse('and every boat is early or too late;', 2),
    verse('the gulls have learnt the timetable by heart', 0),
    verse('and wait.', 4),
    verse('My grandfather would read it like a psalm,', 0, 2),
    verse('his finger under every falling tide.', 2),
  ]);
  const clean = analyse(poem)[0].blocks;

  it('leaves every line’s indentation as it was when specks down the margin are read with two lines or more', () => {
    const speckled = marked(poem, [
      { line: 1, text: '.', at: -2, confidence: 88, height: 0.15 },
      { line: 3, text: 'i', at: -2.1, confidence: 41, height: 0.5 },
      { line: 5, text: "'", at: -1.9, confidence: 70, height: 0.2 },
    ]);
    expect(analyse(speckled)[0].blocks).toEqual(clean);
  });

  it('drops a pencil tick and a dot in the margin, read with a line or as lines of their own', () => {
    const ticked = marked(poem, [
      { line: 2, text: 'v', at: -3, confidence: 32, height: 0.9 },
      { line: 4, text: 'J', at: -3.2, confidence: 55, height: 1 },
      { line: 6, text: 'r', at: -2, confidence: 48, height: 0.6, alone: true },
      { line: 3, text: 'o', at: -1.5, confidence: 70, height: 0.2, alone: true },
    ]);
    expect(analyse(ticked)[0].blocks).toEqual(clean);
  });

  it('still takes the margin from lines truly set out, a one-letter word opening them, and keeps the marks within the text', () => {
    const [layout] = analyse(
      page(0, [
        title('Refrain'),
        verse('O sing the song the river sang', -2, 2),
        verse('beneath the willows, low and long,'),
        verse('I heard it in the reeds that rang', -2),
        verse('— the river’s oldest song.'),
        verse('O!', -2),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'O sing the song the river sang',
      '    beneath the willows, low and long,',
      'I heard it in the reeds that rang',
      '    — the river’s oldest song.',
      'O!',
    ]);
  });
});

describe('joining pages into poems', () => {
  it('continues a poem on the next page under its running head, with both folios, and starts the next at its title', () => {
    const pages = analyse(
      page(0, [
        head('ELEANOR WHITFIELD'),
        title('Letter', 2),
        verse('You came to me in autumn', 0, 2),
        ...fullPage('first page', 26),
        folio(11),
      ]),
      page(1, [
        head('ELEANOR WHITFIELD'),
        verse('and I pretended I had answers.', 0, 2),
        verse('So here is my last lesson.', 0, 2),
        title('Chalk'),
        verse('Forty years of chalk,', 0, 2),
        folio(12),
      ]),
    );
    const poems = assemblePoems(pages);
    expect(poems.map((p) => [p.title, p.page_numbers, p.source_pages])).toEqual([
      ['Letter', [11, 12], [0, 1]],
      ['Chalk', [12], [1]],
    ]);
    expect(poems[0].body).toContain('first page line 26 of the running poem\nand I pretended I had answers.\n\nSo here is my last lesson.');
  });

  it('keeps a stanza break at the page turn when the page ended short of the text block', () => {
    const pages = analyse(
      page(0, [verse('Opening line of a poem', 0, 2), ...fullPage('first', 28), folio(1)]),
      page(1, [verse('Next page of the poem', 0, 2), ...fullPage('full', 28), folio(2)]),
      page(2, [verse('The third page starts a stanza', 0, 2), verse('and runs it to its end'), ...fullPage('short', 20), folio(3, 10)]),
      page(3, [verse('after the turn', 0, 2), verse('the poem goes on'), folio(4, 30)]),
    );
    const [poem] = assemblePoems(pages);
    expect(pages.map((p) => p.endsShort)).toEqual([false, false, true, true]);
    expect(poem.body).toContain('short line 20 of the running poem\n\nafter the turn');
    expect(poem.body).toContain('full line 28 of the running poem\nThe third page starts a stanza');
  });

  it('keeps a stanza break at the page turn when the next page begins a line below the text block’s top', () => {
    const pages = analyse(
      page(0, [verse('Opening line of a poem', 0, 2), ...fullPage('first', 28), folio(1)]),
      page(1, [verse('Next page of the poem', 0, 2), ...fullPage('full', 28), folio(2)]),
      page(2, [verse('after a stanza left at the foot', 0, 3), verse('the poem goes on'), folio(3, 30)]),
    );
    expect(pages.map((p) => p.startsLow)).toEqual([false, false, true]);
    expect(assemblePoems(pages)[0].body).toContain('full line 28 of the running poem\n\nafter a stanza left at the foot');
  });

  it('gives an untitled poem with nothing to continue its first line as title, marks it as continuing a poem from before, and leaves page numbers empty when none is printed', () => {
    const pages = analyse(
      page(3, [verse('Nobody wrote it down. That was the point.', 0, 2), verse('Some things are only meant to pass through air')]),
    );
    expect(assemblePoems(pages)).toEqual([
      {
        title: 'Nobody wrote it down. That was the point.',
        body: 'Nobody wrote it down. That was the point.\nSome things are only meant to pass through air',
        page_numbers: [],
        source_pages: [3],
        continues: { stanzaBreak: false },
        lines: [expect.objectContaining({ source: 3 }), expect.objectContaining({ source: 3 })],
      },
    ]);
  });

  it('keeps the title at the head of a page photographed twice in one batch, and gives both photos its folio', () => {
    const tyger = (index: number, folioRead: number) =>
      page(index, [
        title('The Tyger', 0),
        verse('Tyger Tyger, burning bright,', 0, 2),
        verse('In the forests of the night;'),
        verse('What immortal hand or eye,'),
        verse('Could frame thy fearful symmetry?'),
        folio(folioRead),
      ]);
    const pages = analyse(
      page(0, [
        title('Loveliest of Trees', 0),
        verse('Loveliest of trees, the cherry now', 0, 2),
        verse('Is hung with bloom along the bough,'),
        verse('And stands about the woodland ride'),
        folio(115),
      ]),
      tyger(1, 116),
      tyger(2, 118),
    );
    expect(pages.map((p) => p.blocks.map((b) => b.title))).toEqual([['Loveliest of Trees'], ['The Tyger'], ['The Tyger']]);
    expect(pages.map((p) => p.pageNumber)).toEqual([115, 116, 116]);
  });

  it('fills in a folio the recogniser missed from the folios around it', () => {
    const pages = analyse(
      page(0, [title('One', 2), verse('first of one, a line', 0, 2), verse('second of one, a line'), folio(40)]),
      page(1, [title('Two', 2), verse('first of two, a line', 0, 2), verse('second of two, a line'), folio('~', 4)]),
      page(2, [title('Three', 2), verse('first of three, a line', 0, 2), verse('second of three, a line'), folio(42)]),
    );
    expect(pages.map((p) => p.pageNumber)).toEqual([40, 41, 42]);
  });
});

describe('running heads that alternate or appear on some pages only', () => {
  const opening = (poemTitle: string) =>
    page(0, [title(poemTitle, 2), verse('You came to me in autumn', 0, 2), ...fullPage('first page', 26), folio(12)]);
  /** The next page under a one-off head at body size, in the text's own type. */
  const continued = (headText: string) =>
    page(1, [
      { text: headText, centred: true, advance: 0 },
      verse('and I pretended I had answers.', 0, 2),
      verse('So here is my last lesson.', 0, 2),
      folio(13),
    ]);
  const poemsOf = (names: BookNames | undefined, ...pages: OcrPage[]) =>
    assemblePoems(analyseBook(names, ...pages)).map((p) => [p.title, p.page_numbers, p.source_pages]);

  it('takes a head naming the book only once for a title when the book is not named, and a running head when it is', () => {
    expect(poemsOf(undefined, opening('Letter'), continued('Songs of the Valley'))).toEqual([
      ['Letter', [12], [0]],
      ['Songs of the Valley', [13], [1]],
    ]);
    expect(
      poemsOf({ title: 'Songs of the Valley', authors: ['Eleanor Whitfield'] }, opening('Letter'), continued('Songs of the Valley')),
    ).toEqual([['Letter', [12, 13], [0, 1]]]);
  });

  it('reads the book’s title or its poet’s name in a head forgivingly: case, accents, letter-spacing, a misread letter, a subtitle, a folio, the name filed family first', () => {
    const book = { title: 'Canções do Vale: poems of a valley', authors: ['Whitfield, Eleanor'] };
    for (const headText of [
      'CANCOES DO VALE',
      'C A N Ç Õ E S  D O  V A L E',
      'Cancōes do Vaie',
      'Canções do Vale 13',
      'ELEANOR WHITFIELD',
      'Eleanor Whitfeld',
    ]) {
      const [poem, ...others] = assemblePoems(analyseBook(book, opening('Letter'), continued(headText)));
      expect({ headText, title: poem.title, others: others.length }).toEqual({ headText, title: 'Letter', others: 0 });
      expect(poem.body).toContain('first page line 26 of the running poem\nand I pretended I had answers.');
    }
    // Another title at the head of a page is still a title.
    expect(poemsOf(book, opening('Letter'), continued('A Different Song')).map(([t]) => t)).toEqual(['Letter', 'A Different Song']);
  });

  it('keeps the title of a poem named like the book when it is set as titles are, larger than the text', () => {
    expect(poemsOf({ title: 'Letter' }, opening('Letter'), continued('Another Letter')).map(([t]) => t)).toEqual([
      'Letter',
      'Another Letter',
    ]);
  });

  it('keeps a poem its title on its opening page when later pages’ heads repeat it, the book’s title heading the pages between', () => {
    const names = { title: 'Songs of the Valley' };
    const third = page(2, [{ text: 'Letter', centred: true, advance: 0 }, verse('and chalk dust on the sill.', 0, 3), folio(14)]);
    expect(poemsOf(names, opening('Letter'), continued('Songs of the Valley'), third)).toEqual([['Letter', [12, 13, 14], [0, 1, 2]]]);
  });

  it('takes small capitals on the line the book’s heads stand on for a running head, and a title in small capitals set lower for a title', () => {
    const body = (first: string) => [
      verse(first, 0, 2),
      verse('a boat comes in with nothing in its nets;'),
      verse('the gulls go over, and the evenings fall'),
    ];
    const inked = (specs: Spec[]) => specs.map((spec) => ({ ...spec, ink: true }));
    const [withFolio, opening, smallHead] = analyse(
      page(
        0,
        inked([
          { text: 'ELEANOR WHITFIELD', size: 18, centred: true, advance: 0 },
          { text: '42', size: 18, advance: 0, flushRight: 1200 },
          ...body('The lamps are lit along the harbour wall,'),
        ]),
      ),
      // A page printing no head: the poem's title in small capitals, set four lines lower.
      page(
        1,
        inked([{ text: 'HARBOUR EVENINGS', size: 20, centred: true, advance: 4 }, ...body('The tide goes out along the harbour wall,')]),
      ),
      page(
        2,
        inked([{ text: 'THE ORCHARD YEARS', size: 18, centred: true, advance: 0 }, ...body('The rain comes in along the harbour wall,')]),
      ),
    );
    expect(withFolio.blocks.map((b) => b.title)).toEqual([undefined]);
    expect(opening.blocks.map((b) => [b.title, b.lines[0]])).toEqual([['HARBOUR EVENINGS', 'The tide goes out along the harbour wall,']]);
    expect(smallHead.blocks.map((b) => [b.title, b.lines[0]])).toEqual([[undefined, 'The rain comes in along the harbour wall,']]);
  });

  it('takes capitals letter-spaced above the text for a running head though read as words, and capitals set solid for a title', () => {
    const body = [
      verse('The lamps are lit along the harbour wall,', 0, 3),
      verse('a boat comes in with nothing in its nets;'),
      verse('the gulls go over, and the evenings fall'),
    ];
    const top = (letterWidth: number) =>
      page(0, [{ text: 'HARBOUR EVENINGS', centred: true, advance: 0, letterWidth, ink: true }, ...body.map((l) => ({ ...l, ink: true }))]);
    const [spaced] = analyse(top(1.0));
    expect(spaced.blocks).toEqual([{ lines: body.map((l) => l.text) }]);
    const [solid] = analyse(top(0.7));
    expect(solid.blocks).toEqual([{ title: 'HARBOUR EVENINGS', lines: body.map((l) => l.text) }]);
  });
});

describe('folios of a batch', () => {
  /** A folio alone in the head's outer corner: even pages (versos) print it left, odd ones (rectos) right. */
  const corner = (n: number | string): Spec => ({ text: String(n), advance: 0, flushRight: Number(n) % 2 === 0 ? 150 : 1300 });

  it('numbers a batch that starts mid-book: a poem’s opening page without a folio takes its number from the next page’s', () => {
    const opening = (foot: Spec[]) =>
      page(0, [
        title('The Orchard in Winter', 2),
        verse('The apple trees stand bare along the wall,', 0, 2),
        verse('their branches written on a pale grey sky;'),
        title('Letter to My Students'),
        verse('You came to me in autumn, most of you,', 0, 2),
        ...fullPage('first page', 20),
        ...foot,
      ]);
    const next = page(1, [
      corner(12),
      verse('and I pretended I had answers.', 0, 2),
      verse('So here is my last lesson.'),
      verse('Chalk on my sleeves.'),
    ]);
    const unnumbered = analyse(opening([]), next);
    expect(unnumbered.map((p) => p.pageNumber)).toEqual([11, 12]);
    expect(assemblePoems(unnumbered).map((p) => [p.title, p.page_numbers])).toEqual([
      ['The Orchard in Winter', [11]],
      ['Letter to My Students', [11, 12]],
    ]);
    // A page alone keeps what it shows: nothing to number it by.
    expect(analyse(opening([])).map((p) => p.pageNumber)).toEqual([undefined]);
    // Its folio at the foot instead of the head (a drop folio) is read there.
    expect(analyse(opening([folio(11)]), next).map((p) => p.pageNumber)).toEqual([11, 12]);
  });

  it('corrects a folio misread between two that agree, and one whose parity contradicts the corner it stands in', () => {
    const names = ['Winter Light', 'Chalk', 'Harbour Lights', 'Small Hours'];
    const poem = (index: number, head: Spec[], foot: Spec[] = []) =>
      page(index, [
        ...head,
        title(names[index], 2),
        verse(`the first line of ${names[index]}`, 0, 2),
        verse('and its second line'),
        ...foot,
      ]);
    const centred = analyse(poem(0, [], [folio(3)]), poem(1, [], [folio(150)]), poem(2, [], [folio(5)]));
    expect(centred.map((p) => p.pageNumber)).toEqual([3, 4, 5]);
    // "12" for 17 in a recto's corner at the end of the batch: even folios stand left in this book.
    const cornered = analyse(poem(0, [corner(14)]), poem(1, [corner(15)]), poem(2, [corner(16)]), poem(3, [{ ...corner(17), text: '12' }]));
    expect(cornered.map((p) => p.pageNumber)).toEqual([14, 15, 16, 17]);
    // An odd folio there is a jump in the book, kept as read.
    const jump = analyse(poem(0, [corner(14)]), poem(1, [corner(15)]), poem(2, [corner(16)]), poem(3, [corner(21)]));
    expect(jump.map((p) => p.pageNumber)).toEqual([14, 15, 16, 21]);
  });

  it('reads both folios of a photo of two facing pages, and counts it as two pages of the run', () => {
    const spread = page(1, [
      { text: '22 THE ORCHARD YEARS', size: 18, advance: 0, flushRight: 700 },
      { text: 'ELEANOR WHITFIELD 23', size: 18, advance: 0, flushRight: 1350 },
      verse('the orchard keeps its counsel through the frost', 0, 3),
      verse('and every branch is written on the sky'),
    ]);
    const pages = analyse(
      page(0, [corner(21), verse('the first page of the run begins here', 0, 3), verse('and ends before the spread')]),
      spread,
      page(2, [corner(24), verse('a page after the spread goes on', 0, 3), verse('with the poem to its end')]),
    );
    expect(pages.map((p) => p.pageNumber)).toEqual([21, 22, 24]);
  });

  it('tells a ballad’s pages that share its refrain from a page photographed twice, by their lines’ order and their folios', () => {
    const refrain = [
      'Sing the tide in and sing the tide out,',
      'the boats come home by the harbour wall,',
      'and who will mend the nets tonight',
      'when the last of the light is gone at all?',
      'Sing the tide in, my darling, sing it out.',
    ];
    const ballad = (index: number, folioRead: number | undefined, own: string[], refrainLines: number) =>
      page(index, [
        ...(folioRead === undefined ? [] : [corner(folioRead)]),
        verse(own[0], 0, 2),
        ...refrain.slice(0, refrainLines).map((line) => verse(line, 2)),
        ...own.slice(1).map((line) => verse(line)),
      ]);
    const first = ['The fisher’s wife came down at dawn', 'and looked along the grey sea-line.'];
    // Pages sharing four lines of six: the old test of shared lines took them for one page.
    const pages = analyse(
      ballad(0, 36, first, 4),
      ballad(1, 37, ['Her husband’s boat was far from shore', 'and she sang on to the wind alone.'], 4),
      ballad(2, undefined, first, 4),
    );
    expect(pages.map((p) => p.pageNumber)).toEqual([36, 37, 36]);
    // Pages that are nearly all refrain read alike in order; their folios tell them apart.
    const refrainPages = analyse(
      ballad(0, 38, ['So the fisher’s wife sang all day long'], 5),
      ballad(1, 39, ['And the boats came home at last at dusk'], 5),
    );
    expect(refrainPages.map((p) => p.pageNumber)).toEqual([38, 39]);
  });
});

describe('a numeral at the foot of a page', () => {
  const poemAbove = (index: number, foot: Spec[]) =>
    page(index, [
      title('Winter Light', 2),
      verse('The apple trees stand bare along the wall,', 0, 2),
      verse('their branches written on a pale grey sky;'),
      verse('my father walked this row before the fall'),
      ...foot,
    ]);
  const numeral = (text: string, advance = 2.5): Spec => ({ text, centred: true, advance });
  const titles = (pages: PageLayout[]) => assemblePoems(pages).map((p) => [p.title, p.body.split('\n').at(-1)]);

  it('heads what follows on the next page, not the poem above: dropped over a title, the title of an untitled poem', () => {
    const titled = page(1, [
      title('The Harbour', 0),
      verse('The boats come home by the harbour wall,', 0, 2),
      verse('and no one asks them where.'),
    ]);
    expect(titles(analyse(poemAbove(0, [numeral('III')]), titled))).toEqual([
      ['Winter Light', 'my father walked this row before the fall'],
      ['The Harbour', 'and no one asks them where.'],
    ]);
    const untitled = page(1, [verse('The boats come home by the harbour wall,', 0, 2), verse('and no one asks them where.')]);
    expect(titles(analyse(poemAbove(0, [numeral('III.')]), untitled))).toEqual([
      ['Winter Light', 'my father walked this row before the fall'],
      ['III', 'and no one asks them where.'],
    ]);
    // Set close under the last line, or with the next page not in the batch, it is still not the poem's.
    expect(titles(analyse(poemAbove(0, [numeral('III', 1)]), titled))[0]).toEqual([
      'Winter Light',
      'my father walked this row before the fall',
    ]);
    expect(titles(analyse(poemAbove(0, [numeral('III')])))).toEqual([['Winter Light', 'my father walked this row before the fall']]);
  });

  it('is the next part of a poem numbered in parts, carried to the page it heads', () => {
    const parts = page(0, [
      title('EVENING BELLS', 2),
      numeral('I.', 2),
      verse('Those evening bells, those evening bells,', 0, 2),
      verse('How many a tale their music tells!', 2),
      numeral('II.', 2),
      verse('Those joyous hours are passed away,', 0, 2),
      verse('And many a heart that then was gay.', 2),
      numeral('III.'),
    ]);
    const rest = page(1, [verse('And so ’twill be when I am gone,', 0, 2), verse('That tuneful peal will still ring on.', 2)]);
    const [poem] = assemblePoems(analysePages([parts, rest]));
    expect(poem.body.split('\n').slice(-4)).toEqual([
      'III.',
      '',
      'And so ’twill be when I am gone,',
      '    That tuneful peal will still ring on.',
    ]);
    // Read on one photo, it stands in the text of the other: no place on that photo.
    expect(poem.lines!.find((l) => l.text === 'III.')).toMatchObject({ source: 1, box: null });
  });

  it('drops a printer’s signature mark, a capital letter alone at the foot', () => {
    const next = page(1, [verse('The boats come home by the harbour wall,', 0, 2), verse('and no one asks them where.')]);
    expect(titles(analyse(poemAbove(0, [numeral('C')]), next))).toEqual([['Winter Light', 'and no one asks them where.']]);
    expect(analyse(poemAbove(0, [numeral('C')]))[0].pageNumber).toBeUndefined();
  });
});

describe('turned lines', () => {
  it('rejoins a line turned over onto a deeper-indented printed line flush with the measure', () => {
    const [layout] = analyse(
      page(0, [
        verse('I celebrate myself, and sing myself,', 0, 2),
        verse('And what I assume you shall assume, for every atom belonging to'),
        { text: 'me as good belongs to you.', flushRight: 200 + 64 * 15 },
        verse('I loafe and invite my soul,'),
        verse('I lean and loafe at my ease observing a spear of summer grass.'),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'I celebrate myself, and sing myself,',
      'And what I assume you shall assume, for every atom belonging to me as good belongs to you.',
      'I loafe and invite my soul,',
      'I lean and loafe at my ease observing a spear of summer grass.',
    ]);
  });

  it('rejoins a turnover opened with a bracket, and leaves ordinary indentation alone', () => {
    const [layout] = analyse(
      page(0, [
        verse('Whose woods these are I think I know, and whose the darkling hill beyond', 0, 2),
        verse('[the frozen lake.', 8),
        verse('He will not see me stopping here'),
        verse('To watch his woods fill up with snow.', 2),
        verse('My little horse must think it queer'),
        verse('To stop without a farmhouse near', 2),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'Whose woods these are I think I know, and whose the darkling hill beyond the frozen lake.',
      'He will not see me stopping here',
      '    To watch his woods fill up with snow.',
      'My little horse must think it queer',
      '    To stop without a farmhouse near',
    ]);
  });

  it('rejoins a turned end hanging one level deeper and starting in lower case, in a poem of alternate indents', () => {
    const [layout] = analyse(
      page(0, [
        verse('The thread of our life would be dark, heaven knows, to all of us,', 0, 2),
        verse('If it were not with friendship and love intertwined by the way;', 2),
        verse('And I care not how soon I may sink to repose in the evening,'),
        verse('When these blessings shall cease to be dear to my heart and my', 2),
        verse('mind!', 6),
        verse('Then send round the bowl, and be happy awhile,'),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'The thread of our life would be dark, heaven knows, to all of us,',
      '    If it were not with friendship and love intertwined by the way;',
      'And I care not how soon I may sink to repose in the evening,',
      '    When these blessings shall cease to be dear to my heart and my mind!',
      'Then send round the bowl, and be happy awhile,',
    ]);
  });

  it('rejoins a turned end set far right though it starts with a capital, and a word hyphenated at the turn', () => {
    const [layout] = analyse(
      page(0, [
        verse('Ich habe mich bedacht, daß schönste Tage nur jene heißen dürfen,', 0, 2),
        verse('Geschmückt mit Laubwerk und beschwingten goldenen, hellen, fernen'),
        verse('Kindern,', 14),
        verse('Und mit mir sitzest in dem Gartenturm, der in die Felder schaut,'),
        verse('Die Gärten schmücken sich mit Blumen, Sträuchern, Gräsern und Fur-'),
        verse('belows,', 15),
        verse('Und da und dort Erinnerung an dich.'),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'Ich habe mich bedacht, daß schönste Tage nur jene heißen dürfen,',
      'Geschmückt mit Laubwerk und beschwingten goldenen, hellen, fernen Kindern,',
      'Und mit mir sitzest in dem Gartenturm, der in die Felder schaut,',
      'Die Gärten schmücken sich mit Blumen, Sträuchern, Gräsern und Furbelows,',
      'Und da und dort Erinnerung an dich.',
    ]);
  });

  it('rejoins an end set flush right under a line that stops short of the measure before a long word', () => {
    const right = 200 + 31.5 * EM;
    const [layout] = analyse(
      page(0, [
        verse('I count the boats that winter in the harbour and the ropes that', 0, 2),
        { text: 'hold them fast against the tide,', flushRight: right },
        verse('the gulls along the breakwater,'),
        verse('the chandler and his lamps and all the brass he keeps'),
        { text: 'unquestionably bright for sailors,', flushRight: right },
        verse('the widow at her window.'),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'I count the boats that winter in the harbour and the ropes that hold them fast against the tide,',
      'the gulls along the breakwater,',
      'the chandler and his lamps and all the brass he keeps unquestionably bright for sailors,',
      'the widow at her window.',
    ]);
  });

  it('keeps a refrain set a step deeper under a line short of the measure as a line of its own', () => {
    const [layout] = analyse(
      page(0, [
        verse('And thus, should woman’s heart and looks at noon be cold as brooks,', 0, 2),
        verse('Nor kindle till the night, returning,'),
        verse('Brings their genial hour for burning.'),
        verse('Oh! stay, — Oh! stay, —', 4),
        verse('When did morning ever break,'),
        verse('As those that sparkle here!', 2),
      ]),
    );
    expect(layout.blocks[0].lines).toHaveLength(6);
    expect(layout.blocks[0].lines[3]).toBe('        Oh! stay, — Oh! stay, —');
  });
});

/** Sets the stanzas on a measure of `chars` characters and expects each verse line read back as one line. */
const expectRejoined = (stanzas: string[][], chars: number, hang: number | 'right') =>
  expect(analyse(page(0, turnedOver(stanzas, chars, hang)))[0].blocks[0].lines).toEqual(stanzas.flat());

describe('poems whose every line turns over', () => {
  const swallow = [
    [
      'Swallow, my sister, O sister swallow, how can thine heart be full of the spring?',
      'A thousand summers are over and dead. What hast thou found in the spring to sing?',
      'What wilt thou do when the summer is shed? O swallow, sister, O fair swift swallow,',
      'Why wilt thou fly after spring to the south, the soft south whither thine heart is set?',
      'Shall not the grief of the old time follow? Shall not the song thereof cleave to thy mouth?',
    ],
  ];

  for (const hang of [1, 3, 'right'] as const) {
    it(`rejoins every line, its end ${hang === 'right' ? 'set flush right' : `hanging ${hang} em in`}, not read as alternate indentation`, () => {
      expectRejoined(swallow, 60, hang);
    });
  }

  it('rejoins ends that start with capitals when they carry the rhyme and the lines above do not', () => {
    expectRejoined(
      [
        [
          'Wir gingen lange durch den Wald und sahen oben zwischen Zweigen Licht und Sonne',
          'Und hörten fern die Glocken und das Rufen einer Stimme voller Wonne',
          'Dann kamen wir ans Wasser, wo die Boote lagen und die alten Netze Fische',
          'Und saßen bis zum Abend still am Ufer und am langen hölzernen Tische',
        ],
      ],
      56,
      1,
    );
  });

  it('keeps true alternate indentation: its indented lines stand under lines short of the right edge', () => {
    const [layout] = analyse(
      page(0, [
        verse('Along the shore the evening tide runs out across the sand,', 0, 2),
        verse('and gulls come home to sleep,', 2),
        verse('The lanterns in the harbour burn,', 0),
        verse('the fishers count their catch,', 2),
        verse('And one old woman at her door still waits with lifted hand', 0),
        verse('above the quiet deep.', 2),
      ]),
    );
    expect(layout.blocks[0].lines).toEqual([
      'Along the shore the evening tide runs out across the sand,',
      '    and gulls come home to sleep,',
      'The lanterns in the harbour burn,',
      '    the fishers count their catch,',
      'And one old woman at her door still waits with lifted hand',
      '    above the quiet deep.',
    ]);
  });

  it('keeps alternate indentation of long lines whose indented lines are as long as the lines above', () => {
    const lines = [
      'The morning wind came over all the meadows, waking flowers,',
      'and every hedge along the road was loud with little birds;',
      'The river ran as bright as glass beneath the willow bowers,',
      'and we went down together there and did not need the words.',
    ];
    const [layout] = analyse(
      page(
        0,
        lines.map((l, i) => verse(l, i % 2 ? 2 : 0, i ? 1 : 2)),
      ),
    );
    expect(layout.blocks[0].lines).toEqual(lines.map((l, i) => (i % 2 ? `    ${l}` : l)));
  });

  it('still rejoins a few turned lines among lines that fit, and keeps those lines as they are', () => {
    expectRejoined(
      [
        [
          'The tide goes out across the flats,',
          'And leaves the weed along the stone where all the herons wait for the turning water,',
          'The boats lie down upon their sides,',
          'And one by one the lights come on.',
        ],
      ],
      60,
      1,
    );
  });
});

describe('prose among verse', () => {
  const preface = [
    'These poems were written over many years in the house by the harbour, and most of them were never shown to anyone while she lived.',
    'They are printed here in the order in which they were found, in two notebooks and on loose sheets kept in a drawer of her desk.',
    'Where a word could not be read we have left a space, and we have changed nothing else in them at all.',
  ];
  const printed = (paragraphs: string[], chars: number, indent: number) =>
    paragraphs
      .map((p, i) => fill(p.split(' '), (k) => (k === 0 ? chars - indent * 2 : chars)).concat(i < paragraphs.length - 1 ? [''] : []))
      .flat();

  it('keeps the paragraphs of a preface as paragraphs: their lines as printed, no first-line indent, an empty line between', () => {
    const [layout] = analyse(page(0, [title('Preface', 2), ...prose(preface, 60, 1.5)]));
    expect(layout.blocks).toEqual([{ title: 'Preface', lines: printed(preface, 60, 1.5) }]);
  });

  it('keeps a verse quotation inside criticism with its own lines and indentation, and a poem after the prose as set', () => {
    const [layout] = analyse(
      page(0, [
        ...prose([preface[0]], 60, 1.5),
        verse('The boats lie down upon their sides,', 4, 1.5),
        verse('and one by one the lights come on.', 6),
        ...prose([preface[1], preface[2]], 60, 1.5, 1.5),
        title('Low Tide', 2),
        verse('The tide goes out across the flats', 0, 2),
        verse('and leaves the weed along the stone,', 2),
        verse('The herons wait for turning water', 0),
        verse('and every pool holds up the sky.', 2),
      ]),
    );
    const [criticism, poem] = layout.blocks;
    const lines = criticism.lines;
    const quote = lines.indexOf(lines.find((l) => l.trim().startsWith('The boats'))!);
    expect(lines.slice(0, quote - 1)).toEqual(printed([preface[0]], 60, 1.5));
    // The quotation: set apart, indented, its second line deeper than its first.
    expect(lines[quote - 1]).toBe('');
    const depth = (l: string) => l.length - l.trimStart().length;
    expect(depth(lines[quote])).toBeGreaterThan(0);
    expect(depth(lines[quote + 1])).toBeGreaterThan(depth(lines[quote]));
    expect(lines.slice(quote + 2)).toEqual(['', ...printed([preface[1], preface[2]], 60, 1.5)]);
    expect(poem).toEqual({
      title: 'Low Tide',
      lines: [
        'The tide goes out across the flats',
        '    and leaves the weed along the stone,',
        'The herons wait for turning water',
        '    and every pool holds up the sky.',
      ],
    });
  });

  it('keeps the indent of each stanza’s first line in verse whose lines end ragged', () => {
    const lines = [
      'Sabe el maestre que estoy en la villa con los míos',
      'y que los campos están secos y los ríos',
      'corren sin agua hacia el mar donde las naves',
      'esperan el viento de la tarde que no llega',
    ];
    const [layout] = analyse(
      page(0, [
        ...lines.map((l, i) => verse(l, i === 0 ? 1.5 : 0, i ? 1 : 2)),
        verse(lines[0], 1.5, 2),
        ...lines.slice(1).map((l) => verse(l)),
      ]),
    );
    expect(layout.blocks[0].lines.filter((l) => l.startsWith(' '))).toHaveLength(2);
  });
});

describe('indentation', () => {
  it('takes the book’s indent step from the smallest indentation lines share', () => {
    expect(indentStep([0, 1.1, 0, 1.15, 2.3, 0])).toBeCloseTo(1.125, 2);
    expect(indentStep([0, 2, 2.05, 4])).toBeCloseTo(2.025, 2);
    expect(indentStep([0, 0.2, 0.1])).toBeUndefined();
    // The first level used once, the second twice: the step is still the first.
    expect(indentStep([0, 2, 4, 4.05, 0])).toBeCloseTo(2, 1);
    // A lone line a little off does not set the step.
    expect(indentStep([0.8, 1.1, 1.12, 1.1, 1.15, 2.2, 2.25, 0])).toBeCloseTo(1.1, 1);
  });

  it('gives two spaces per em of the step to each level of indentation', () => {
    expect(indentFor(0.3, 1.1)).toBe('');
    expect(indentFor(1.2, 1.1)).toBe('  ');
    expect(indentFor(2.3, 1.1)).toBe('    ');
    expect(indentFor(2, 2)).toBe('    ');
    expect(indentFor(4.1, 2)).toBe('        ');
    expect(indentFor(3, undefined)).toBe('');
  });
});

describe('word repairs', () => {
  it('repairs the pronoun I misread as 1 or |, the vocative O read as 0, and a speck read as an apostrophe', () => {
    expect(cleanWords(['1', 'stood', 'before', 'the', 'hall'])).toEqual(['I', 'stood', 'before', 'the', 'hall']);
    expect(cleanWords(['|', 'had', 'prepared'])).toEqual(['I', 'had', 'prepared']);
    expect(cleanWords(['wood,', 'and', '1'])).toEqual(['wood,', 'and', 'I']);
    expect(cleanWords(['0', 'my', "luve's", 'like'])).toEqual(['O', 'my', "luve's", 'like']);
    expect(cleanWords(["I'walked", 'beneath', 'you'])).toEqual(['I walked', 'beneath', 'you']);
    expect(cleanWords(["I'll", 'go'])).toEqual(["I'll", 'go']);
    expect(cleanWords(['1', 'of', '3', 'apples'])).toEqual(['1', 'of', '3', 'apples']);
    expect(cleanWords(['Chapter', '1'])).toEqual(['Chapter', '1']);
  });

  it('reads one apostrophe read twice as one', () => {
    expect(cleanWords(["EVELEEN’'S", 'BOWER.'])).toEqual(['EVELEEN’S', 'BOWER.']);
    expect(cleanWords(['’twas', 'o’er', "tis'"])).toEqual(['’twas', 'o’er', "tis'"]);
  });
});

describe('what was read of each line', () => {
  it('gives each line its box on the photo, carried back from the flattened page, and its words’ confidences', () => {
    const flat = page(0, [title('THE HARP', 2), verse('The harp that once through', 0, 3), verse('Now hangs as mute on', 1)]);
    flat.lines[2].words[3].confidence = 41;
    // The page was found at half scale, 100 px right and 50 px down on a 1000 x 1200 photo.
    const photo = { width: 1000, height: 1200, fromPage: [0.5, 0, 100, 0, 0.5, 50, 0, 0, 1] };
    const [layout] = analysePages([{ ...flat, photo }]);
    const reads = layout.blocks[0].reads!;
    const line = flat.lines[2];
    expect(reads[1]!.box!.x).toBeCloseTo((100 + line.bbox.x0 * 0.5) / 1000, 3);
    expect(reads[1]!.box!.y).toBeCloseTo((50 + line.bbox.y0 * 0.5) / 1200, 3);
    expect(reads[1]!.box!.width).toBeCloseTo(((line.bbox.x1 - line.bbox.x0) * 0.5) / 1000, 3);
    expect(reads[1]!.words.map((w) => [w.text, w.confidence])).toEqual([
      ['Now', 0.95],
      ['hangs', 0.95],
      ['as', 0.95],
      ['mute', 0.41],
      ['on', 0.95],
    ]);
  });

  it('gives no box where the reading did not keep where the page was found (read before places were kept)', () => {
    const [layout] = analysePages([page(0, [verse('The harp that once through'), verse('Now hangs as mute on')])]);
    expect(layout.blocks[0].reads!.map((r) => r?.box)).toEqual([null, null]);
  });
});
