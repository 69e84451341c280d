import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import type { Publication } from '../../src/catalog/domain/publication.js';
import type { SearchResults } from '../../contracts/search.js';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { bodyText, bootData, parseHead } from '../../reader/test-support/html.js';
import { writeSiteSettings } from '../../reader/test-support/site-app.js';
import { dbTargets, startTestApp, type TestApp } from '../support/test-app.js';

type NewPoem = { title: string; body: string; language?: string };

describe.each(dbTargets())('search on %s', (target) => {
  let t: TestApp;
  let commands: CatalogCommands;

  beforeAll(async () => {
    ensureReaderBuilt();
    t = await startTestApp(target, { env: { SITE_SETTINGS_FILE: writeSiteSettings() } });
    commands = t.app.get(CatalogCommands);
  });
  afterAll(async () => t?.close());

  /** A publication with its poems, published unless told otherwise. */
  async function collection(title: string, poems: NewPoem[], fields: Partial<Publication> = {}, publish = true) {
    const publication = await commands.createPublication({
      title,
      authors: [],
      publisher: '',
      publicationDate: '',
      isbn: '',
      notes: '',
      ...fields,
    });
    const added = await commands.addPoems(publication.id, poems);
    if (publish) await commands.setStatus(publication.id, 'published');
    return { publication, poems: added };
  }

  async function search(q: string, extra = ''): Promise<SearchResults> {
    const res = await t
      .http()
      .get(`/api/search/?q=${encodeURIComponent(q)}${extra}`)
      .expect(200)
      .expect('Content-Type', /json/);
    return res.body as SearchResults;
  }

  const titles = (r: SearchResults) => r.poems.map((p) => p.title);

  it('ranks a poem with the word in its title above poems with it only in the text', async () => {
    await collection('Harbour Lights', [
      { title: 'Three Lanternfish', body: 'They rise at dusk.\nLanternfish, lanternfish, lanternfish in the deep.' },
      { title: 'Deep Water', body: 'A quiet lanternfish\nlights the way.' },
      { title: 'The Lanternfish', body: 'Small and bright.' },
    ]);
    const r = await search('lanternfish');
    expect(r.poem_total).toBe(3);
    // Both title hits come before the text hits, however often the text repeats the word.
    expect(titles(r).slice(0, 2).sort()).toEqual(['The Lanternfish', 'Three Lanternfish']);
    expect(titles(r)[2]).toBe('Deep Water');
    expect(r.poems[0]!.score).toBeGreaterThan(r.poems[2]!.score);
  });

  it('ranks the words together as a phrase above the same words apart', async () => {
    await collection('Tidewrack', [
      { title: 'Scattered', body: 'The gull over the saltmarsh,\nand far off a bellbuoy calls.' },
      { title: 'Together', body: 'We walked the tideline\nwhere the saltmarsh bellbuoy rang.' },
    ]);
    expect(titles(await search('saltmarsh bellbuoy'))).toEqual(['Together', 'Scattered']);
  });

  it('ignores accents and case, and marks the words as written', async () => {
    const { publication } = await collection(
      'Paris Notebook',
      [{ title: 'Café Noir', body: 'A NAÏVE heart\norders crème brûlée at midnight.' }],
      {
        authors: ['Zoë Ångström'],
      },
    );
    for (const q of ['cafe noir', 'CAFÉ', 'Cafe']) {
      const r = await search(q);
      expect(titles(r), q).toEqual(['Café Noir']);
      expect(r.poems[0]!.title_html).toContain('<mark>Café</mark>');
    }
    const naive = await search('naive creme brulee');
    expect(titles(naive)).toEqual(['Café Noir']);
    expect(naive.poems[0]!.snippet_html).toBe('A <mark>NAÏVE</mark> heart\norders <mark>crème</mark> <mark>brûlée</mark> at midnight.');
    const author = await search('zoe angstrom');
    expect(author.publications.map((p) => p.id)).toEqual([publication.id]);
    expect(author.publications[0]!.authors_html).toBe('<mark>Zoë</mark> <mark>Ångström</mark>');
  });

  it('finds the start of a word', async () => {
    await collection('Night Pieces', [{ title: 'Moonwater', body: 'Under the quinceblossom\nthe pond holds the moon.' }]);
    expect(titles(await search('moonwa'))).toEqual(['Moonwater']);
    const r = await search('quincebl');
    expect(titles(r)).toEqual(['Moonwater']);
    expect(r.poems[0]!.snippet_html).toContain('the <mark>quinceblossom</mark>');
    // A single letter is a whole word, not every word starting with it.
    expect(await search('q')).toMatchObject({ poem_total: 0 });
  });

  it('finds a poem from a line remembered, little words, punctuation and all', async () => {
    const { poems } = await collection('Late Poems', [
      {
        title: 'Untitled (October)',
        body: 'Nothing is asked of the orchard\n  but that it be there in the fog,\nand it is, and it is.\n\nThe ladder leans on nothing.',
      },
      { title: 'Fog Study', body: 'There in the fog the orchard waits;\nnothing asked, it is.' },
    ]);
    const r = await search('But that it be there in the fog');
    expect(r.poems[0]!.id).toBe(poems[0]!.id);
    expect(r.poems[0]!.snippet_html).toBe(
      'Nothing is asked of <mark>the</mark> orchard\n<mark>but</mark> <mark>that</mark> <mark>it</mark> <mark>be</mark> <mark>there</mark> <mark>in</mark> <mark>the</mark> <mark>fog</mark>,\nand <mark>it</mark> is, and <mark>it</mark> is.',
    );
    expect(r.poems[0]!.publication).toMatchObject({ title: 'Late Poems', slug: 'late-poems' });
  });

  it('never finds drafts, the trash, or what was unpublished', async () => {
    await collection('Wrenfeather Drafts', [{ title: 'Wrenfeather Sketch', body: 'wrenfeather' }], {}, false);
    const trashed = await collection('Wrenfeather Withdrawn', [{ title: 'Wrenfeather Gone', body: 'wrenfeather' }]);
    await commands.moveToTrash(trashed.publication.id);
    const unpublished = await collection('Wrenfeather Recalled', [{ title: 'Wrenfeather Recalled Poem', body: 'wrenfeather' }]);
    await commands.setStatus(unpublished.publication.id, 'draft');
    const visible = await collection('Wrenfeather Songs', [{ title: 'Wrenfeather', body: 'the one to find' }]);

    const r = await search('wrenfeather');
    expect(titles(r)).toEqual(['Wrenfeather']);
    expect(r.publications.map((p) => p.id)).toEqual([visible.publication.id]);
    expect([r.poem_total, r.publication_total]).toEqual([1, 1]);

    // Back from the trash (still published) and published again, they are found.
    await commands.restore(trashed.publication.id);
    expect((await search('wrenfeather')).poem_total).toBe(2);
    await commands.setStatus(unpublished.publication.id, 'published');
    expect((await search('wrenfeather')).poem_total).toBe(3);
  });

  it('escapes the archive text in highlights: the only markup is <mark>', async () => {
    await collection('Hostile <i>Glimmerstone</i>', [
      {
        title: '<b>Glimmerstone</b> & "friends"',
        body: 'one <img src=x onerror=alert(1)> glimmerstone\n</script><script>alert("glimmerstone")</script>',
      },
    ]);
    const r = await search('glimmerstone');
    const hit = r.poems[0]!;
    expect(hit.title_html).toBe('&lt;b&gt;<mark>Glimmerstone</mark>&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(hit.snippet_html).toBe(
      'one &lt;img src=x onerror=alert(1)&gt; <mark>glimmerstone</mark>\n&lt;/script&gt;&lt;script&gt;alert(&quot;<mark>glimmerstone</mark>&quot;)&lt;/script&gt;',
    );
    expect(r.publications[0]!.title_html).toBe('Hostile &lt;i&gt;<mark>Glimmerstone</mark>&lt;/i&gt;');
    for (const html of [hit.title_html, hit.snippet_html, r.publications[0]!.title_html]) {
      expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('searches publications by title, author, publisher and year, and counts their poems', async () => {
    const { publication } = await collection(
      'Kestrelmoor',
      [
        { title: 'One', body: 'a' },
        { title: 'Two', body: 'b' },
      ],
      {
        authors: ['Ana Kestrel'],
        publisher: 'Heronsgate Press',
        publicationDate: '1987',
      },
    );
    for (const q of ['kestrelmoor', 'heronsgate', 'heronsgate 1987']) {
      const r = await search(q);
      expect(
        r.publications.map((p) => p.id),
        q,
      ).toEqual([publication.id]);
    }
    const r = await search('heronsgate');
    expect(r.publications[0]).toMatchObject({
      slug: 'kestrelmoor',
      title: 'Kestrelmoor',
      poem_count: 2,
      details_html: '<mark>Heronsgate</mark> Press, 1987',
    });
    // The title above an author of the same name.
    await collection('Poems for Kestrelmoor', [], { authors: [] });
    await collection('Fieldnotes', [], { authors: ['Kestrelmoor'] });
    expect((await search('kestrelmoor')).publications.map((p) => p.title)).toEqual(['Kestrelmoor', 'Poems for Kestrelmoor', 'Fieldnotes']);
  });

  it('answers at most limit hits with the total', async () => {
    await collection(
      'Many Sparrowgrass',
      Array.from({ length: 7 }, (_, i) => ({ title: `Sparrowgrass ${i + 1}`, body: 'green' })),
    );
    const r = await search('sparrowgrass', '&limit=3');
    expect(r.poems).toHaveLength(3);
    expect(r.poem_total).toBe(7);
  });

  it('refuses an empty, repeated or too long q, and a bad limit, with a 400 JSON error', async () => {
    const bad = async (query: string, code: string | undefined, message: RegExp) => {
      const res = await t.http().get(`/api/search/${query}`).expect(400).expect('Content-Type', /json/);
      expect(res.body.message).toMatch(message);
      if (code) expect(res.body.code).toBe(code);
    };
    await bad('', 'SEARCH.QUERY_EMPTY', /empty/);
    await bad('?q=', 'SEARCH.QUERY_EMPTY', /empty/);
    await bad('?q=%20%20%09', 'SEARCH.QUERY_EMPTY', /empty/);
    await bad(`?q=${'a'.repeat(201)}`, 'SEARCH.QUERY_TOO_LONG', /at most 200 characters/);
    await bad('?q=a&q=b', undefined, /q must be text/);
    await bad('?q=a&limit=0', undefined, /limit must be between 1 and 50/);
    await bad('?q=a&limit=x', undefined, /limit must be a whole number/);
    // Text with no words in it is not an error: nothing matches it.
    expect(await search('!!! ... ???')).toEqual({
      q: '!!! ... ???',
      poems: [],
      poem_total: 0,
      publications: [],
      publication_total: 0,
      did_you_mean: null,
    });
    // Tsquery syntax in the text is just text.
    await search("it's & | ! <-> :* ( ) 'quoted'");
    expect((await search(`${'a'.repeat(200)}`)).poem_total).toBe(0);
    // More words than are searched for (a pasted stanza): the first ones are.
    const many = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect((await search(many)).poem_total).toBe(0);
  });

  it('keeps the stored poem documents in step with edits, and uses the full-text indexes', async () => {
    const { poems } = await collection('Edits', [{ title: 'Before', body: 'an old word: brackenfold' }]);
    expect(titles(await search('brackenfold'))).toEqual(['Before']);
    await commands.updatePoem(poems[0]!.id, { title: 'After', body: 'a new word: thistledown' });
    expect((await search('brackenfold')).poem_total).toBe(0);
    expect(titles(await search('thistledown'))).toEqual(['After']);
    await commands.deletePoem(poems[0]!.id);
    expect((await search('thistledown')).poem_total).toBe(0);

    const db = t.app.get(DataSource);
    const plans = await db.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const explain = async (sql: string) =>
        ((await m.query(`EXPLAIN ${sql}`)) as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
      return [
        await explain(`SELECT poem_id FROM poem_search_documents WHERE document @@ to_tsquery('public.archive_search', 'river:*')`),
        await explain(
          `SELECT id FROM publications pub WHERE publication_search_document(pub.title, pub.authors, pub.publisher, pub.publication_date, pub.isbn) @@ to_tsquery('public.archive_search', 'river')`,
        ),
      ];
    });
    expect(plans[0]).toContain('poem_search_documents_idx');
    expect(plans[1]).toContain('publications_search_idx');
  });

  it("finds a word's other forms by its stem in the book's language, and follows a change of the book's language", async () => {
    const { publication: german } = await collection('Gedichte', [{ title: 'Nachts', body: 'Es kamen Träume\nüber die Dächer.' }], {
      language: 'de',
    });
    expect(titles(await search('traum'))).toEqual(['Nachts']);
    // "fly" is no prefix of "flies", nor close enough in spelling to be offered for it: only the stem joins them.
    const { publication: english } = await collection(
      'Summer Field',
      [{ title: 'Noon', body: 'The mayflies hover,\nthe swift flies low.' }],
      {
        language: 'en',
      },
    );
    expect(titles(await search('fly'))).toEqual(['Noon']);
    // Latin has no stemmer: the same poem in a book set to Latin is found by its words as written only.
    await commands.updatePublication(english.id, { language: 'la' });
    expect((await search('fly')).poem_total).toBe(0);
    expect(titles(await search('flies'))).toEqual(['Noon']);
    await commands.updatePublication(english.id, { language: 'en' });
    expect(titles(await search('fly'))).toEqual(['Noon']);
    expect(german.language).toBe('de');
  });

  it("stems a poem in another language than its book with its own, through its changes and its book's", async () => {
    // A Latin hymn in an English book: read as English, "dies" (days) took the stem of "dying".
    const { publication, poems } = await collection('Hymns Old and New', [
      { title: 'Dies Irae', body: 'Dies irae, dies illa\nsolvet saeclum in favilla.', language: 'la' },
    ]);
    const hymn = poems[0]!;
    expect(titles(await search('dying'))).not.toContain('Dies Irae');
    expect(titles(await search('favilla'))).toEqual(['Dies Irae']);
    await commands.updatePoem(hymn.id, { language: null });
    expect(titles(await search('dying'))).toContain('Dies Irae');
    await commands.updatePoem(hymn.id, { language: 'la' });
    expect(titles(await search('dying'))).not.toContain('Dies Irae');
    // A change of the book's language leaves the poem's own.
    await commands.updatePublication(publication.id, { language: 'fr' });
    await commands.updatePublication(publication.id, { language: 'en' });
    expect(titles(await search('dying'))).not.toContain('Dies Irae');
  });

  describe('forgiving search', () => {
    it('finds spelling variants and misspellings, the words as typed first, and proposes the spelling the archive has', async () => {
      await collection('Woodland Roads', [
        {
          title: 'Two Roads',
          body: 'Two roads diverged in a yellow wood,\n    and I took the one\nthe road less traveled by,\nand that has made all the difference.',
        },
        { title: 'A Walk', body: 'I travelled far along the road\nand came home less tired.' },
      ]);
      await collection('Songs of Experience', [{ title: 'The Tyger', body: 'Tyger Tyger, burning bright,\nIn the forests of the night;' }]);

      const road = await search('the road less travelled');
      // The phrase as printed ("traveled") outranks the words as typed scattered over a poem.
      expect(titles(road).slice(0, 2)).toEqual(['Two Roads', 'A Walk']);
      expect(road.poems[0]!.snippet_html).toContain('<mark>the</mark> <mark>road</mark> <mark>less</mark> <mark>traveled</mark> by,');
      // "travelled" is a word of the archive, so nothing is proposed.
      expect(road.did_you_mean).toBeNull();

      const tiger = await search('tiger tiger');
      expect(titles(tiger)[0]).toBe('The Tyger');
      expect(tiger.poems[0]!.title_html).toBe('The <mark>Tyger</mark>');
      expect(tiger.did_you_mean).toBe('tyger tyger');

      // Misspelt twice over, and still the line a visitor remembers.
      expect(titles(await search('burnin brite'))[0]).toBe('The Tyger');
    });

    it("finds a book and its poems by the book's name, and every poem of the poet by the poet's name", async () => {
      const { publication } = await collection('Quincewood Lanterns', [
        { title: 'Pickers', body: 'Stepladders against the bark.' },
        { title: 'Cider', body: 'Autumn in a jar.' },
      ]);
      await collection('Guest Voices', [{ title: 'Visitor', body: 'Stepladders of another kind.' }], { authors: ['Margit Orlov'] });

      const book = await search('quincewood lanterns');
      expect(book.publications[0]!.id).toBe(publication.id);
      expect(titles(book).sort()).toEqual(['Cider', 'Pickers']);
      // A book's name and a poem's word together.
      expect(titles(await search('quincewood stepladders'))).toEqual(['Pickers']);
      // The poet's name (site settings) stands for the books naming no authors; a guest's name for theirs.
      expect(titles(await search('eleanor vance stepladders'))).toEqual(['Pickers']);
      expect(titles(await search('orlov stepladders'))).toEqual(['Visitor']);
      expect((await search('Eleanor Vance')).poems.map((p) => p.publication.title)).not.toContain('Guest Voices');
    });

    it('never proposes a word only a draft holds', async () => {
      await collection('Hidden Notebook', [{ title: 'Secret', body: 'zanzibarine lanterns' }], {}, false);
      await collection('Open Notebook', [{ title: 'Open', body: 'lanterns by the zanzibar shore' }]);
      // The draft's word is the more alike; the published one is proposed.
      const r = await search('zanzibarne');
      expect(r.poems.map((p) => p.title)).toEqual(['Open']);
      expect(r.did_you_mean).toBe('zanzibar');
    });
  });

  describe('the /search page', () => {
    const page = (query: string) => t.http().get(`/search${query}`).set('Accept', 'text/html');

    it('renders the results on the server, matches marked and the archive text escaped', async () => {
      const { poems } = await collection('Quillwort <Songs>', [
        { title: 'Quillwort at Noon', body: 'The quillwort <b>bends</b> & "sways"\nby the cold lake.' },
        { title: 'Shore', body: 'Nothing here but quillwort.' },
      ]);
      const res = await page('?q=Quillwort')
        .expect(200)
        .expect('Content-Type', /text\/html/);
      const html = res.text;
      expect(html).toContain(`<a href="/publication/quillwort-songs/${poems[0]!.slug}"><mark>Quillwort</mark> at Noon</a>`);
      expect(html).toContain(
        '<span class="verse-line">The <mark>quillwort</mark> &lt;b&gt;bends&lt;/b&gt; &amp; &quot;sways&quot;</span><span class="verse-line">by the cold lake.</span>',
      );
      expect(html).not.toContain('<b>bends</b>');
      expect(html).toContain('<a href="/publication/quillwort-songs"><bdi>Quillwort &lt;Songs&gt;</bdi></a>');
      const text = bodyText(html);
      expect(text).toContain('2 poems and 1 collection match “Quillwort”.');
      expect(text.indexOf('Quillwort at Noon')).toBeLessThan(text.indexOf('Shore'));
      expect(html).toMatch(/<form[^>]*role="search"[^>]*aria-label="Archive"[^>]*action="\/search"[^>]*method="get"/);
      expect(html).toMatch(/<input id="search-q"[^>]*name="q"[^>]*value="Quillwort"/);
      expect(bootData(html).page).toMatchObject({ route: 'search', q: 'Quillwort', results: { state: 'ready' } });
      const head = parseHead(html);
      expect(head.title).toMatch(/^Search: Quillwort \| /);
      expect(head.meta('robots')).toBe('noindex, nofollow');
    });

    it('shows the form alone without q, says when nothing matches, and refuses a too long q with a 400 page', async () => {
      const empty = await page('').expect(200);
      expect(bodyText(empty.text)).toContain('Find any published poem by its title');
      // The search page may be indexed, unlike its results (asserted above).
      expect(parseHead(empty.text).meta('robots')).toBeUndefined();
      expect(parseHead(empty.text).canonical).toMatch(/\/search$/);
      const none = await page('?q=zzyzxqua').expect(200);
      expect(bodyText(none.text)).toContain('Nothing matches “zzyzxqua”.');
      await collection('Marsh Book', [{ title: 'Marsh', body: 'The bittern booms.' }]);
      const proposed = await page('?q=bitern').expect(200);
      expect(proposed.text).toContain('Did you mean <a href="/search?q=bittern">bittern</a>?');
      const long = await page(`?q=${'a'.repeat(201)}`).expect(400);
      expect(bodyText(long.text)).toContain('The search text is too long: at most 200 characters');
    });

    it('is offered in the header of every site page', async () => {
      const res = await t.http().get('/publications').set('Accept', 'text/html').expect(200);
      expect(res.text).toMatch(
        /<header[\s\S]*<form class="search-box" role="search" aria-label="Site" action="\/search" method="get">[\s\S]*<\/header>/,
      );
      expect(res.text).toMatch(/<label for="site-search"[^>]*>Search poems and collections<\/label>/);
    });
  });
});
