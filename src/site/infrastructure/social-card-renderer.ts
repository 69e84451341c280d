import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from '../../common/sharp.js';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCard } from '../../../contracts/social-card.js';
import type { BookCover, SocialCards } from '../application/ports/social-cards.port.js';
import { SPACES_PER_EM, TURNOVER_GAP, TURNOVER_ROOM } from '../../../contracts/verse.js';

const require = createRequire(import.meta.url);

type Weight = 400 | 600;
type FontStyle = 'normal' | 'italic';
interface CardFont {
  name: string;
  data: Buffer;
  weight: Weight;
  style: FontStyle;
}

/**
 * The reader's own faces, read from their npm packages (satori takes WOFF, not WOFF2): the card
 * renders the same in a bare container as on a desktop, with no system fonts and no downloads.
 * Latin Extended is a second family that every fontFamily names after the first, so names like
 * "Łódź" keep their letters.
 */
function loadFonts(): CardFont[] {
  const faces: [string, string, Weight, FontStyle][] = [
    ['Crimson Text', 'crimson-text', 400, 'normal'],
    ['Crimson Text', 'crimson-text', 400, 'italic'],
    ['Crimson Text', 'crimson-text', 600, 'normal'],
    ['Inter', 'inter', 400, 'normal'],
    ['Inter', 'inter', 600, 'normal'],
  ];
  return faces.flatMap(([name, pkg, weight, style]) =>
    ['latin', 'latin-ext'].map((subset) => ({
      name: subset === 'latin' ? name : `${name} Ext`,
      weight,
      style,
      data: readFileSync(require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-${style}.woff`)),
    })),
  );
}

/** A satori element: the React element shape, without React. */
type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] } };
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

const VERSE = "'Crimson Text', 'Crimson Text Ext'";
const UI = "'Inter', 'Inter Ext'";
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

const VERSE_SIZE = 34;
/** Width of the card's text column, in pixels (the card less its stripe and padding). */
const MEASURE = SOCIAL_CARD_WIDTH - 18 - 72 - 64;

/** Indentation of the quoted lines by the reader's rule (contracts/verse.ts): half an em a space, less when deep. */
function indentUnit(card: SocialCard): number {
  const deepest = Math.max(0, ...card.lines.map((l) => l.indent));
  return Math.min(VERSE_SIZE / SPACES_PER_EM, (MEASURE * TURNOVER_ROOM) / (deepest + TURNOVER_GAP));
}

function layout(card: SocialCard): Node {
  const unit = indentUnit(card);
  const titleSize = card.title.length > 60 ? 52 : card.title.length > 32 ? 62 : 76;
  return el('div', { display: 'flex', width: '100%', height: '100%', background: '#fbf8f1', color: '#1f2937', fontFamily: VERSE }, [
    el('div', { display: 'flex', width: 18, height: '100%', background: '#2563eb' }),
    el('div', { display: 'flex', flexDirection: 'column', flex: 1, padding: '56px 72px 52px 64px' }, [
      el(
        'div',
        { display: 'flex', fontFamily: UI, fontWeight: 600, fontSize: 24, letterSpacing: 2, color: '#1d4ed8', textTransform: 'uppercase' },
        card.siteName,
      ),
      el('div', { display: 'block', marginTop: 22, fontWeight: 600, fontSize: titleSize, lineHeight: 1.1, lineClamp: 2 }, card.title),
      el(
        'div',
        {
          display: 'flex',
          flexDirection: 'column',
          marginTop: 26,
          fontStyle: 'italic',
          fontSize: VERSE_SIZE,
          lineHeight: 1.35,
          color: '#374151',
        },
        card.lines.map((line) => el('div', { display: 'block', paddingLeft: Math.round(line.indent * unit), ...oneLine }, line.text)),
      ),
      el('div', { display: 'flex', flexDirection: 'column', marginTop: 'auto', fontFamily: UI }, [
        el('div', { display: 'block', fontWeight: 600, fontSize: 28, ...oneLine }, card.byline),
        ...(card.source ? [el('div', { display: 'block', marginTop: 6, fontSize: 24, color: '#4b5563', ...oneLine }, card.source)] : []),
      ]),
    ]),
  ]);
}

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 1800;

/** The cover in the cards' manner, upright: the site's stripe, the title large, the poet and imprint below. */
function coverLayout(cover: BookCover): Node {
  const titleSize = cover.title.length > 60 ? 88 : cover.title.length > 28 ? 104 : 128;
  return el(
    'div',
    { display: 'flex', flexDirection: 'column', width: '100%', height: '100%', background: '#fbf8f1', color: '#1f2937', fontFamily: VERSE },
    [
      el('div', { display: 'flex', width: '100%', height: 36, background: '#2563eb' }),
      el(
        'div',
        { display: 'flex', flexDirection: 'column', flex: 1, padding: '160px 110px 120px', alignItems: 'center', textAlign: 'center' },
        [
          el('div', { display: 'block', fontWeight: 600, fontSize: titleSize, lineHeight: 1.1, lineClamp: 5 }, cover.title),
          el('div', { display: 'flex', width: 160, height: 4, background: '#2563eb', marginTop: 70, marginBottom: 70 }),
          el('div', { display: 'block', fontSize: 64, fontStyle: 'italic', lineClamp: 2 }, cover.byline),
          el('div', { display: 'flex', flexDirection: 'column', marginTop: 'auto', alignItems: 'center', fontFamily: UI }, [
            ...(cover.imprint ? [el('div', { display: 'block', fontSize: 38, color: '#4b5563', ...oneLine }, cover.imprint)] : []),
            el(
              'div',
              {
                display: 'block',
                marginTop: 18,
                fontWeight: 600,
                fontSize: 34,
                letterSpacing: 3,
                color: '#1d4ed8',
                textTransform: 'uppercase',
                ...oneLine,
              },
              cover.siteName,
            ),
          ]),
        ],
      ),
    ],
  );
}

const CACHE_LIMIT = 200;

/**
 * Renders social cards (PNG, 1200x630): satori lays the text out into vector paths, sharp
 * rasterises them. Cards are cached in memory by a hash of their text, so an edited poem gets a
 * new card and an unchanged one costs nothing; the oldest entries go first past the limit.
 */
@Injectable()
export class SocialCardRenderer implements SocialCards {
  private fonts?: CardFont[];
  private readonly cache = new Map<string, Promise<Buffer>>();

  render(card: SocialCard): Promise<Buffer> {
    return this.cached(card, () => this.draw(layout(card), SOCIAL_CARD_WIDTH, SOCIAL_CARD_HEIGHT));
  }

  /** A book's cover (PNG, 1200x1800), cached like the cards. */
  renderCover(cover: BookCover): Promise<Buffer> {
    return this.cached({ cover }, () => this.draw(coverLayout(cover), COVER_WIDTH, COVER_HEIGHT));
  }

  private cached(what: unknown, draw: () => Promise<Buffer>): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(what)).digest('base64url');
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key); // most recently used last
      this.cache.set(key, cached);
      return cached;
    }
    const rendering = draw();
    rendering.catch(() => this.cache.delete(key));
    this.cache.set(key, rendering);
    while (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    return rendering;
  }

  private async draw(node: Node, width: number, height: number): Promise<Buffer> {
    this.fonts ??= loadFonts();
    const svg = await satori(node as Parameters<typeof satori>[0], { width, height, fonts: this.fonts });
    return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  }
}
