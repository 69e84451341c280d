/**
 * The social card (og:image) of a poem or a book: what it says, and the address it is served at.
 * The reader's head builder and the server's renderer both build the card from here, so the
 * version in the image's address changes exactly when the card's text does, and sites that cache
 * shared images by address fetch the new card.
 */
import type { Poem, Publication } from './catalog.js';
import { authorsText, formatPublicationDate, refOf } from './format.js';
import { openingLines } from './verse.js';

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

export interface SocialCard {
  title: string;
  /** A few opening lines, as printed: their text and indentation (contracts/verse.ts). */
  lines: Array<{ indent: number; text: string }>;
  /** "by Eleanor Vance" */
  byline: string;
  /** Where it comes from: the book and its year, or the publisher and year. */
  source: string;
  siteName: string;
}

interface CardSettings {
  siteName: string;
  poetName: string;
}

const MAX_LINE = 90;

function cut(line: { indent: number; text: string }): { indent: number; text: string } {
  const { indent, text } = line;
  return { indent, text: text.length <= MAX_LINE ? text : `${text.slice(0, MAX_LINE - 1).replace(/\s+\S*$/, '')}…` };
}

export function poemCard(poem: Pick<Poem, 'title' | 'body'>, publication: Publication | null, s: CardSettings): SocialCard {
  const year = formatPublicationDate(publication?.publication_date);
  return {
    title: poem.title.trim() || 'Untitled',
    lines: openingLines(poem.body, 4).map(cut),
    byline: `by ${authorsText(publication?.authors, s.poetName)}`,
    source: publication ? [publication.title, year].filter(Boolean).join(' · ') : '',
    siteName: s.siteName,
  };
}

export function publicationCard(publication: Publication, poems: Pick<Poem, 'body'>[], s: CardSettings): SocialCard {
  const opening = poems.find((p) => p.body.trim());
  return {
    title: publication.title,
    lines: opening ? openingLines(opening.body, 3).map(cut) : [],
    byline: `by ${authorsText(publication.authors, s.poetName)}`,
    source: [publication.publisher?.trim(), formatPublicationDate(publication.publication_date)].filter(Boolean).join(' · '),
    siteName: s.siteName,
  };
}

/** A short fingerprint of the card's text (FNV-1a; it only has to change when the text does). */
export function cardVersion(card: SocialCard): string {
  const text = JSON.stringify(card);
  let hash = 0x811c9dc5;
  // By UTF-16 unit: a string iterator here was a tenth of a book page's render.
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function poemCardPath(poem: Pick<Poem, 'slug' | 'id'>, card: SocialCard): string {
  return `/social/poem/${encodeURIComponent(refOf(poem))}.png?v=${cardVersion(card)}`;
}

export function publicationCardPath(publication: Pick<Publication, 'slug' | 'id'>, card: SocialCard): string {
  return `/social/publication/${encodeURIComponent(refOf(publication))}.png?v=${cardVersion(card)}`;
}
