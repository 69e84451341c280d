/**
 * Search-engine metadata for every page (SPEC sections 1 and 2): title with the site-name
 * suffix, description, keywords, canonical link on slug URLs, Open Graph and Twitter cards
 * (with a generated image for books and poems), JSON-LD. A poem's one canonical address is the
 * poem inside its book, /publication/{book}/{poem}; /poem/{slug} points there. Pure functions: the server renders them into the first response and the client
 * re-renders them after in-app navigation.
 */
import {
  isPoemNotFound,
  poemAt,
  poemIndexOf,
  type PageState,
  type Poem,
  type PublicSiteSettings,
  type Publication,
  type StaticPageState,
} from '../../../contracts/reader-page.js';
import { RECORDINGS_PATH } from '../../../contracts/reader-routes.js';
import {
  poemCard,
  poemCardPath,
  publicationCard,
  publicationCardPath,
  SOCIAL_CARD_HEIGHT,
  SOCIAL_CARD_WIDTH,
} from '../../../contracts/social-card.js';
import { escapeHtml, serializeForScript } from './escape.js';
import { authorsText } from '../../../contracts/format.js';
import { isoPublicationDate } from './dates.js';
import { poemUrl, publicationUrl } from './routes.js';

export { isoPublicationDate };

export const DESCRIPTION_LIMIT = 160;

export interface HeadModel {
  title: string;
  description: string;
  keywords: string[];
  canonical?: string;
  noindex: boolean;
  ogType: 'website' | 'book' | 'article';
  /** Title without the site suffix, for the cards. */
  cardTitle: string;
  jsonLd?: Record<string, unknown>;
  /** The social card (PNG, 1200x630), absolute URL. */
  image?: { url: string; alt: string };
}

/** Collapses whitespace and cuts at the last word boundary that fits, with an ellipsis. */
export function cutDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= limit) return flat;
  const room = flat.slice(0, limit - 1);
  const boundary = flat[limit - 1] === ' ' ? room.length : room.lastIndexOf(' ');
  const cut = (boundary > 0 ? room.slice(0, boundary) : room).replace(/[\s,;:.!?\-–—]+$/u, '');
  return `${cut}…`;
}

// Common English words that say nothing about a poem; only words longer than 3 letters matter.
const STOP_WORDS = new Set(
  `about above after again against also among another because been before being below between both
  came come could didn does doing done down during each else even ever every from further have having
  here hers herself himself into itself just like made make many more most much must myself never
  once only other ours ourselves over same shall should since some still such than that their theirs
  them themselves then there these they thine this those though through thus till under unto until upon
  very want were what when where which while whom whose will with within without would yours yourself
  yourselves thee thou your shes hes cannot wont dont`.split(/\s+/),
);

/** A word: letters and digits, with any 'd or ’s endings joined on. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const ALL_DIGITS = /^\d+$/;

/** Characters as a reader counts them (a surrogate pair is one). */
function codePoints(word: string): number {
  let count = word.length;
  for (let i = 0; i < word.length; i++) {
    const unit = word.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) count--;
  }
  return count;
}

/**
 * Poem-page keywords (SPEC section 2): poem, poetry, poet, then up to five of the most frequent
 * words of body and title longer than three letters that are not stop words; ties keep the
 * order of first appearance.
 */
export function poemKeywords(title: string, body: string): string[] {
  const counts = new Map<string, number>();
  const text = `${title}\n${body}`.toLowerCase();
  WORD.lastIndex = 0;
  // Plain string tests per word rather than more regular expressions: this runs on every poem
  // page the server renders, over the whole text.
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const found = match[0];
    const word = found.endsWith("'s") || found.endsWith('’s') ? found.slice(0, -2) : found;
    if (codePoints(word) <= 3 || STOP_WORDS.has(word) || ALL_DIGITS.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // The five most frequent, earlier first among equals (a Map keeps first-appearance order).
  const top: { word: string; count: number }[] = [];
  for (const [word, count] of counts) {
    if (top.length === 5 && count <= top[4]!.count) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.count < count) at--;
    top.splice(at, 0, { word, count });
    if (top.length > 5) top.pop();
  }
  return ['poem', 'poetry', 'poet', ...top.map((e) => e.word).filter((w) => !['poem', 'poetry', 'poet'].includes(w))];
}

export function poetJsonLd(s: PublicSiteSettings): Record<string, unknown> {
  return compact({
    '@type': 'Person',
    '@id': `${s.publicUrl}/#poet`,
    name: s.poetName,
    birthDate: s.birthDate,
    deathDate: s.deathDate,
    jobTitle: s.poetTitle || undefined,
    image: s.portrait ? `${s.publicUrl}${s.portrait.url}` : undefined,
    url: `${s.publicUrl}/about`,
  });
}

export function websiteJsonLd(s: PublicSiteSettings): Record<string, unknown> {
  return {
    '@type': 'WebSite',
    '@id': `${s.publicUrl}/#website`,
    name: s.siteName,
    url: `${s.publicUrl}/`,
    description: s.description,
    inLanguage: 'en-US',
    about: { '@id': `${s.publicUrl}/#poet` },
  };
}

function authorsJsonLd(authors: readonly string[], s: PublicSiteSettings): Record<string, unknown>[] {
  const names = authors.map((a) => a.trim()).filter(Boolean);
  if (names.length === 0) return [{ '@type': 'Person', '@id': `${s.publicUrl}/#poet`, name: s.poetName }];
  return names.map((name) =>
    name === s.poetName ? { '@type': 'Person', '@id': `${s.publicUrl}/#poet`, name } : { '@type': 'Person', name },
  );
}

export function bookJsonLd(publication: Publication, s: PublicSiteSettings, poemCount: number): Record<string, unknown> {
  const url = publicationUrl(s, publication);
  return compact({
    '@type': 'Book',
    '@id': `${url}#book`,
    name: publication.title,
    url,
    author: authorsJsonLd(publication.authors, s),
    publisher: publication.publisher?.trim() ? { '@type': 'Organization', name: publication.publisher.trim() } : undefined,
    isbn: publication.isbn?.trim() || undefined,
    datePublished: isoPublicationDate(publication),
    genre: 'Poetry',
    inLanguage: publication.language || 'en',
    numberOfItems: poemCount,
  });
}

export function poemJsonLd(poem: Poem, publication: Publication | null, s: PublicSiteSettings): Record<string, unknown> {
  return compact({
    '@type': 'CreativeWork',
    '@id': `${poemUrl(s, poem, publication)}#poem`,
    name: poem.title || 'Untitled',
    url: poemUrl(s, poem, publication),
    genre: 'Poetry',
    // A poem is in its own language, or its book's.
    inLanguage: poem.language || publication?.language || 'en',
    author: authorsJsonLd(publication?.authors ?? [], s),
    isPartOf: publication
      ? { '@type': 'Book', '@id': `${publicationUrl(s, publication)}#book`, name: publication.title, url: publicationUrl(s, publication) }
      : undefined,
  });
}

export function breadcrumbJsonLd(trail: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

function graph(...nodes: Record<string, unknown>[]): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));
}

/** The head of a poem, whichever of its addresses shows it. */
function poemHead(poem: Poem, publication: Publication | null, s: PublicSiteSettings): HeadModel {
  const home = { name: 'Home', url: `${s.publicUrl}/` };
  const canonical = poemUrl(s, poem, publication);
  const trail = [home];
  if (publication) trail.push({ name: publication.title, url: publicationUrl(s, publication) });
  trail.push({ name: poem.title || 'Untitled', url: canonical });
  const cardTitle = poem.title || 'Untitled';
  return {
    cardTitle,
    title: `${cardTitle} | ${s.siteName}`,
    description: cutDescription(poem.body) || cutDescription(`${poem.title} by ${s.poetName}`),
    keywords: poemKeywords(poem.title, poem.body),
    canonical,
    noindex: s.noindex,
    ogType: 'article',
    jsonLd: graph(poemJsonLd(poem, publication, s), breadcrumbJsonLd(trail)),
    image: {
      url: `${s.publicUrl}${poemCardPath(poem, poemCard(poem, publication, s))}`,
      alt: `${cardTitle}, a poem by ${authorsText(publication?.authors, s.poetName)}`,
    },
  };
}

/** The head of a page that failed or is loading: never indexed. */
function placeholderHead(title: string, s: PublicSiteSettings): HeadModel {
  return {
    cardTitle: title,
    title: `${title} | ${s.siteName}`,
    description: cutDescription(s.description),
    keywords: ['poetry', 'poems', s.poetName, 'poetry collections', 'digital library'],
    noindex: true,
    ogType: 'website',
  };
}

const INDEX_NAMES = { 'first-lines': 'Index of First Lines', titles: 'Index of Titles' } as const;

/** The head of a page in any state; error and loading states are never indexed. */
export function buildHead(page: PageState, s: PublicSiteSettings): HeadModel {
  const home = { name: 'Home', url: `${s.publicUrl}/` };
  const titled = (cardTitle: string) => ({ cardTitle, title: `${cardTitle} | ${s.siteName}` });
  const siteKeywords = ['poetry', 'poems', s.poetName, 'poetry collections', 'digital library'];

  switch (page.route) {
    case 'home':
    case 'publications': {
      const isHome = page.route === 'home';
      const canonical = isHome ? `${s.publicUrl}/` : `${s.publicUrl}/publications`;
      const names = page.list.state === 'ready' ? page.list.data.map((p) => p.title) : [];
      return {
        ...titled(isHome ? 'A Digital Library of Poetry' : 'Published Collections'),
        description: cutDescription(isHome ? s.description : `Published poetry collections of ${s.poetName}. ${names.join(', ')}`),
        keywords: siteKeywords,
        canonical,
        noindex: s.noindex || page.list.state !== 'ready',
        ogType: 'website',
        jsonLd: isHome
          ? graph(websiteJsonLd(s), poetJsonLd(s))
          : graph(
              { '@type': 'CollectionPage', name: 'Published Collections', url: canonical, isPartOf: { '@id': `${s.publicUrl}/#website` } },
              breadcrumbJsonLd([home, { name: 'Published Collections', url: canonical }]),
            ),
      };
    }
    case 'publication': {
      if (page.reader.state !== 'ready') {
        if (page.reader.state === 'loading') return placeholderHead('Loading publication...', s);
        return placeholderHead(isPoemNotFound(page.reader.error) ? 'Poem Not Found' : 'Publication Not Found', s);
      }
      const { publication, contents, poems } = page.reader.data;
      if (page.poem !== undefined) {
        const index = poemIndexOf(contents, page.poem);
        if (index < 0) return placeholderHead('Poem Not Found', s);
        const poem = poemAt(page.reader.data, index);
        return poem ? poemHead(poem, publication, s) : placeholderHead('Loading poem...', s);
      }
      const by = authorsText(publication.authors, s.poetName);
      const canonical = publicationUrl(s, publication);
      const facts = [publication.publisher, publication.publication_date]
        .map((v) => v?.trim())
        .filter(Boolean)
        .join(', ');
      const count = contents.length;
      const summary = `${publication.title} by ${by}${facts ? ` (${facts})` : ''}: a poetry collection of ${count} ${count === 1 ? 'poem' : 'poems'}.`;
      const firstTitles = contents
        .slice(0, 8)
        .map((p) => p.title)
        .filter(Boolean);
      return {
        ...titled(publication.title),
        description: cutDescription(firstTitles.length ? `${summary} Includes ${firstTitles.join(', ')}.` : summary),
        keywords: uniq(['poetry', 'poems', 'poetry collection', publication.title, by, publication.publisher]),
        canonical,
        noindex: s.noindex,
        ogType: 'book',
        jsonLd: graph(bookJsonLd(publication, s, count), breadcrumbJsonLd([home, { name: publication.title, url: canonical }])),
        image: {
          // The texts at hand always include the opening poem the card quotes (ReaderData).
          url: `${s.publicUrl}${publicationCardPath(publication, publicationCard(publication, poems, s))}`,
          alt: `${publication.title}, poems by ${by}`,
        },
      };
    }
    case 'poem': {
      if (page.poem.state === 'ready') return poemHead(page.poem.data.poem, page.poem.data.publication, s);
      return placeholderHead(page.poem.state === 'error' ? 'Poem Not Found' : 'Loading poem...', s);
    }
    case 'index': {
      if (page.index.state !== 'ready') {
        const missing = page.index.state === 'error' && page.index.error.status === 404;
        return placeholderHead(missing ? 'Publication Not Found' : INDEX_NAMES[page.kind], s);
      }
      const { publication, entries } = page.index.data;
      const name = INDEX_NAMES[page.kind];
      const path = page.kind === 'titles' ? 'titles' : 'first-lines';
      const canonical = publication ? `${publicationUrl(s, publication)}/index/${path}` : `${s.publicUrl}/index/${path}`;
      const of = publication ? publication.title : `the poetry of ${s.poetName}`;
      const sample = entries.slice(0, 6).map((e) => e.text);
      const trail = [home];
      if (publication) trail.push({ name: publication.title, url: publicationUrl(s, publication) });
      trail.push({ name, url: canonical });
      return {
        ...titled(publication ? `${name} · ${publication.title}` : name),
        description: cutDescription(
          `${name} of ${of}, alphabetically: ${entries.length} ${entries.length === 1 ? 'poem' : 'poems'}. ${sample.join('; ')}`,
        ),
        keywords: uniq([
          'poetry',
          'poems',
          page.kind === 'titles' ? 'index of titles' : 'index of first lines',
          s.poetName,
          publication?.title,
        ]),
        canonical,
        noindex: s.noindex,
        ogType: 'website',
        jsonLd: graph(
          { '@type': 'CollectionPage', name, url: canonical, isPartOf: { '@id': `${s.publicUrl}/#website` } },
          breadcrumbJsonLd(trail),
        ),
      };
    }
    case 'about': {
      const canonical = `${s.publicUrl}/about`;
      // The sanitised biography as text: its tags dropped, the entities the sanitiser writes read back.
      const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
      const biography = s.biographyHtml
        .replace(/<[^>]*>/g, '')
        .replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!)
        .replace(/\s+/g, ' ')
        .trim();
      return {
        ...titled(`About ${s.poetName}`),
        description: cutDescription(`${s.poetName}${s.poetTitle ? `, ${s.poetTitle}` : ''}. ${biography}`),
        keywords: siteKeywords,
        canonical,
        noindex: s.noindex,
        ogType: 'website',
        jsonLd: graph(
          {
            '@type': 'ProfilePage',
            name: `About ${s.poetName}`,
            url: canonical,
            mainEntity: { '@id': `${s.publicUrl}/#poet` },
            isPartOf: { '@id': `${s.publicUrl}/#website` },
          },
          poetJsonLd(s),
          breadcrumbJsonLd([home, { name: `About ${s.poetName}`, url: canonical }]),
        ),
      };
    }
    case 'search': {
      // The search page itself may be indexed; its results may not. A result page repeats whatever
      // text its address holds, so an indexable one lets anyone publish words under the archive's
      // name by linking to it (search engines advise noindex for internal search results).
      const q = page.q.trim();
      return {
        ...titled(q ? `Search: ${q}` : 'Search'),
        description: cutDescription(`Search the poems and collections of ${s.poetName}.`),
        keywords: siteKeywords,
        ...(q ? {} : { canonical: `${s.publicUrl}/search` }),
        noindex: s.noindex || q !== '',
        ogType: 'website',
      };
    }
    case 'print': {
      if (page.book.state !== 'ready')
        return placeholderHead(page.book.state === 'loading' ? 'Loading publication...' : 'Publication Not Found', s);
      const { publication, poems } = page.book.data;
      const by = authorsText(publication.authors, s.poetName);
      // A view of the book: search engines are pointed at the book's own page.
      const canonical = publicationUrl(s, publication);
      return {
        ...titled(`${publication.title} · Print edition`),
        description: cutDescription(
          `${publication.title} by ${by}, set for print: title page, contents and ${poems.length} ${poems.length === 1 ? 'poem' : 'poems'}, one to a page.`,
        ),
        keywords: uniq(['poetry', 'poems', 'poetry collection', publication.title, by]),
        canonical,
        noindex: s.noindex,
        ogType: 'book',
        jsonLd: graph(bookJsonLd(publication, s, poems.length), breadcrumbJsonLd([home, { name: publication.title, url: canonical }])),
      };
    }
  }
}

/** The head of the recordings page (a page the server alone renders). */
export function recordingsHead(page: StaticPageState, s: PublicSiteSettings): HeadModel {
  if (page.recordings.state !== 'ready') return placeholderHead('Recordings', s);
  const canonical = `${s.publicUrl}${RECORDINGS_PATH}`;
  const { books } = page.recordings.data;
  const count = books.reduce((n, b) => n + b.poems.reduce((m, p) => m + p.recordings.length, 0), 0);
  const titles = books.flatMap((b) => b.poems.map((p) => p.poem.title).filter(Boolean));
  const summary = `The poems of ${s.poetName} read aloud: ${count} ${count === 1 ? 'recording' : 'recordings'}, book by book.`;
  return {
    cardTitle: 'Recordings',
    title: `Recordings | ${s.siteName}`,
    description: cutDescription(titles.length ? `${summary} ${titles.join(', ')}.` : summary),
    keywords: uniq(['poetry', 'poems read aloud', 'recordings', 'podcast', s.poetName]),
    canonical,
    noindex: s.noindex,
    ogType: 'website',
    jsonLd: graph(
      { '@type': 'CollectionPage', name: 'Recordings', url: canonical, isPartOf: { '@id': `${s.publicUrl}/#website` } },
      breadcrumbJsonLd([
        { name: 'Home', url: `${s.publicUrl}/` },
        { name: 'Recordings', url: canonical },
      ]),
    ),
  };
}

function uniq(values: (string | undefined | null)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const t = v?.trim();
    if (t && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase());
      out.push(t);
    }
  }
  return out;
}

/** Markup for inside <head>; every element carries data-rh so the client can replace the set. */
export function renderHead(head: HeadModel, s: PublicSiteSettings): string {
  const a = escapeHtml;
  const tags = [
    `<title data-rh>${a(head.title)}</title>`,
    `<meta data-rh name="description" content="${a(head.description)}">`,
    `<meta data-rh name="keywords" content="${a(head.keywords.join(', '))}">`,
  ];
  if (head.canonical) tags.push(`<link data-rh rel="canonical" href="${a(head.canonical)}">`);
  if (head.noindex) tags.push('<meta data-rh name="robots" content="noindex, nofollow">');
  const og: [string, string | undefined][] = [
    ['og:type', head.ogType],
    ['og:title', head.cardTitle],
    ['og:description', head.description],
    ['og:url', head.canonical],
    ['og:site_name', s.siteName],
    ['og:locale', 'en_US'],
  ];
  if (head.image) {
    og.push(
      ['og:image', head.image.url],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(SOCIAL_CARD_WIDTH)],
      ['og:image:height', String(SOCIAL_CARD_HEIGHT)],
      ['og:image:alt', head.image.alt],
    );
  }
  for (const [property, content] of og) if (content) tags.push(`<meta data-rh property="${property}" content="${a(content)}">`);
  const twitter: [string, string][] = [
    ['twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', head.cardTitle],
    ['twitter:description', head.description],
  ];
  if (head.image) twitter.push(['twitter:image', head.image.url], ['twitter:image:alt', head.image.alt]);
  for (const [name, content] of twitter) tags.push(`<meta data-rh name="${name}" content="${a(content)}">`);
  if (head.jsonLd) tags.push(`<script data-rh type="application/ld+json">${serializeForScript(head.jsonLd)}</script>`);
  return tags.join('\n');
}
