import { describe, expect, it } from 'vitest';
import { bookJsonLd, buildHead, cutDescription, isoPublicationDate, poemJsonLd, poemKeywords, renderHead } from './seo.js';
import { book, poem, publication, settings } from './test-fixtures.js';

describe('cutDescription', () => {
  it('collapses whitespace and keeps short text whole', () => {
    expect(cutDescription('  The river\n\n   runs  ')).toBe('The river runs');
  });
  it('cuts long text at a word boundary within 160 characters and adds an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' \n ');
    const out = cutDescription(words);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('…')).toBe(true);
    const kept = out.slice(0, -1);
    expect(words.replace(/\s+/g, ' ').startsWith(`${kept} `)).toBe(true);
  });
  it('keeps a word that ends exactly at the limit', () => {
    const text = `${'a'.repeat(159)} bbb`;
    expect(cutDescription(text)).toBe(`${'a'.repeat(159)}…`);
  });
  it('does not leave dangling punctuation before the ellipsis', () => {
    const text = `${'word '.repeat(30)}comma, ${'tail '.repeat(10)}`;
    expect(cutDescription(text, 160)).not.toMatch(/[,\s]…$/);
  });
});

describe('poemKeywords', () => {
  it('starts with poem, poetry, poet and adds the five most frequent long non-stop words', () => {
    const body = 'river river river stone stone light light shadow window window window window would would would would and the';
    expect(poemKeywords('Window River', body)).toEqual(['poem', 'poetry', 'poet', 'window', 'river', 'stone', 'light', 'shadow']);
  });
  it('ignores words of three letters or fewer, stop words and numbers', () => {
    expect(poemKeywords('The Sea', 'sea sea sun sun their their there 1998 1998')).toEqual(['poem', 'poetry', 'poet']);
  });
  it("drops a possessive 's, counts letters beyond the basic plane as one each, and keeps accents", () => {
    expect(poemKeywords('', "night’s night's night café café 𝒜𝒷𝒸𝒹 𝒜𝒷𝒸𝒹 ab𝒞 ab𝒞 ab𝒞")).toEqual([
      'poem',
      'poetry',
      'poet',
      'night',
      'café',
      '𝒜𝒷𝒸𝒹',
    ]);
  });
  it('breaks ties by first appearance and folds case', () => {
    expect(poemKeywords('', 'Moon moon star star tide tide wave wave leaf leaf bird bird')).toEqual([
      'poem',
      'poetry',
      'poet',
      'moon',
      'star',
      'tide',
      'wave',
      'leaf',
    ]);
  });
});

describe('isoPublicationDate', () => {
  it('reads years, month-year and full dates, else falls back to published_at', () => {
    expect(isoPublicationDate({ publication_date: '1998', published_at: null })).toBe('1998');
    expect(isoPublicationDate({ publication_date: 'March 1998', published_at: null })).toBe('1998-03');
    expect(isoPublicationDate({ publication_date: 'First edition, 1974', published_at: null })).toBe('1974');
    expect(isoPublicationDate({ publication_date: 'March 4, 1998', published_at: null })).toBe('1998-03-04');
    expect(isoPublicationDate({ publication_date: '', published_at: '2024-02-03T10:00:00Z' })).toBe('2024-02-03');
    expect(isoPublicationDate({ publication_date: 'unknown', published_at: null })).toBeUndefined();
  });
});

describe('buildHead', () => {
  it('describes home as a WebSite about the poet as a Person with life dates', () => {
    const head = buildHead({ route: 'home', list: { state: 'ready', data: [publication()] } }, settings);
    expect(head.title).toBe('A Digital Library of Poetry | The Ana Poet Archive');
    expect(head.canonical).toBe('https://poems.example/');
    const nodes = head.jsonLd!['@graph'] as Record<string, unknown>[];
    expect(nodes.map((n) => n['@type'])).toEqual(['WebSite', 'Person']);
    expect(nodes[1]).toMatchObject({ name: 'Ana Poet', birthDate: '1931-03-03', deathDate: '2019-06-09' });
  });

  it('describes the About page as a ProfilePage of the poet, with the portrait and the biography as plain text', () => {
    const withPortrait = {
      ...settings,
      biographyHtml: '<p>Taught <em>literature</em> &amp; wrote.</p>',
      portrait: { url: '/api/settings/portrait/p.jpg', width: 640, height: 800 },
    };
    const head = buildHead({ route: 'about' }, withPortrait);
    expect(head.title).toBe('About Ana Poet | The Ana Poet Archive');
    expect(head.canonical).toBe('https://poems.example/about');
    expect(head.description).toBe('Ana Poet, Poet and Professor. Taught literature & wrote.');
    const nodes = head.jsonLd!['@graph'] as Record<string, unknown>[];
    expect(nodes.map((n) => n['@type'])).toEqual(['ProfilePage', 'Person', 'BreadcrumbList']);
    expect(nodes[1]).toMatchObject({
      name: 'Ana Poet',
      image: 'https://poems.example/api/settings/portrait/p.jpg',
      url: 'https://poems.example/about',
    });
  });

  it('describes a publication as a Book on its slug URL with a breadcrumb', () => {
    const head = buildHead({ route: 'publication', ref: '7', reader: { state: 'ready', data: book([poem()]) } }, settings);
    expect(head.title).toBe('River Songs | The Ana Poet Archive');
    expect(head.canonical).toBe('https://poems.example/publication/river-songs');
    const [bookNode, crumbs] = head.jsonLd!['@graph'] as Record<string, any>[];
    expect(bookNode).toMatchObject({
      '@type': 'Book',
      name: 'River Songs',
      isbn: '978-0-00-000000-2',
      datePublished: '1998',
      publisher: { '@type': 'Organization', name: 'Lantern Press' },
      author: [{ '@type': 'Person', name: 'Ana Poet' }],
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((i: any) => i.position)).toEqual([1, 2]);
  });

  it('describes a poem as a CreativeWork of genre Poetry that is part of its Book', () => {
    const p = poem({ body: `${'long line of verse '.repeat(20)}` });
    const head = buildHead(
      { route: 'poem', ref: 'the-river', poem: { state: 'ready', data: { poem: p, publication: publication() } } },
      settings,
    );
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.keywords.slice(0, 3)).toEqual(['poem', 'poetry', 'poet']);
    const [work, crumbs] = head.jsonLd!['@graph'] as Record<string, any>[];
    expect(work).toMatchObject({ '@type': 'CreativeWork', genre: 'Poetry', isPartOf: { '@type': 'Book', name: 'River Songs' } });
    expect(crumbs.itemListElement).toHaveLength(3);
  });

  it('gives a poem in its book the same head at both addresses, canonical inside the book, with its card', () => {
    const p = poem();
    const inBook = buildHead(
      {
        route: 'publication',
        ref: 'river-songs',
        poem: 'the-river',
        reader: { state: 'ready', data: book([poem({ id: 10, slug: 'first' }), p]) },
      },
      settings,
    );
    const alone = buildHead(
      { route: 'poem', ref: 'the-river', poem: { state: 'ready', data: { poem: p, publication: publication() } } },
      settings,
    );
    expect(inBook).toEqual(alone);
    expect(inBook.title).toBe('The River | The Ana Poet Archive');
    expect(inBook.canonical).toBe('https://poems.example/publication/river-songs/the-river');
    expect(inBook.image!.url).toMatch(/^https:\/\/poems\.example\/social\/poem\/the-river\.png\?v=\w+$/);
    const html = renderHead(inBook, settings);
    expect(html).toContain('<meta data-rh property="og:image:width" content="1200">');
    expect(html).toContain('<meta data-rh name="twitter:card" content="summary_large_image">');
    // A new text is a new card address.
    const edited = buildHead(
      {
        route: 'poem',
        ref: 'the-river',
        poem: { state: 'ready', data: { poem: poem({ body: 'new words' }), publication: publication() } },
      },
      settings,
    );
    expect(edited.image!.url).not.toBe(inBook.image!.url);
  });

  it('names a missing poem of a book as such, never indexed', () => {
    const head = buildHead(
      { route: 'publication', ref: 'river-songs', poem: 'gone', reader: { state: 'ready', data: book([poem()]) } },
      settings,
    );
    expect([head.title, head.noindex]).toEqual(['Poem Not Found | The Ana Poet Archive', true]);
  });

  it('counts and names a book from its contents when only its opening poem is at hand, and heads a poem still on its way as loading', () => {
    const opening = poem({ id: 10, slug: 'first', title: 'First Light', body: 'Morning comes\nover the water' });
    const poems = [opening, poem({ id: 12, slug: 'second', title: 'Second Song' }), poem({ id: 13, slug: 'third', title: 'Third Song' })];
    const full = buildHead({ route: 'publication', ref: 'river-songs', reader: { state: 'ready', data: book(poems) } }, settings);
    const lean = buildHead(
      { route: 'publication', ref: 'river-songs', reader: { state: 'ready', data: book(poems, publication(), [opening]) } },
      settings,
    );
    expect(lean).toEqual(full);
    expect(lean.description).toContain('a poetry collection of 3 poems. Includes First Light, Second Song, Third Song.');
    expect((lean.jsonLd!['@graph'] as Record<string, unknown>[])[0]).toMatchObject({ numberOfItems: 3 });

    const waiting = buildHead(
      { route: 'publication', ref: 'river-songs', poem: 'third', reader: { state: 'ready', data: book(poems, publication(), [opening]) } },
      settings,
    );
    expect([waiting.title, waiting.noindex]).toEqual(['Loading poem... | The Ana Poet Archive', true]);
  });

  it('never indexes error states and honours the site-wide noindex', () => {
    const missing = buildHead(
      { route: 'poem', ref: 'x', poem: { state: 'error', error: { status: 404, message: 'Poem not found' } } },
      settings,
    );
    expect(missing.noindex).toBe(true);
    expect(missing.title).toBe('Poem Not Found | The Ana Poet Archive');
    const hidden = buildHead({ route: 'home', list: { state: 'ready', data: [] } }, { ...settings, noindex: true });
    expect(renderHead(hidden, settings)).toContain('<meta data-rh name="robots" content="noindex, nofollow">');
  });
});

describe('renderHead', () => {
  it('escapes hostile titles in text, attributes and JSON-LD', () => {
    const evil = '</title><script>alert(1)</script>"\'';
    const head = buildHead(
      { route: 'publication', ref: '7', reader: { state: 'ready', data: book([], publication({ title: evil })) } },
      settings,
    );
    const html = renderHead(head, settings);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    const ld = /<script data-rh type="application\/ld\+json">(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(ld)['@graph'][0].name).toBe(evil);
  });
});

describe("JSON-LD tells the book's language", () => {
  it('on the book and its poems', () => {
    const german = publication({ language: 'de' });
    expect(bookJsonLd(german, settings, 2).inLanguage).toBe('de');
    expect(poemJsonLd(poem(), german, settings).inLanguage).toBe('de');
    expect(bookJsonLd(publication(), settings, 2).inLanguage).toBe('en');
  });

  it("on a poem in another language than its book, the poem's own", () => {
    expect(poemJsonLd(poem({ language: 'de' }), publication(), settings).inLanguage).toBe('de');
    expect(poemJsonLd(poem({ language: null }), publication({ language: 'fr' }), settings).inLanguage).toBe('fr');
  });
});
