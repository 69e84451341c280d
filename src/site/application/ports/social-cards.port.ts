import type { SocialCard } from '../../../../contracts/social-card.js';

/** A book's cover for its download: what it says. */
export interface BookCover {
  title: string;
  byline: string;
  /** Publisher and year. */
  imprint: string;
  siteName: string;
}

/** Social cards (PNG, 1200x630) and book covers (PNG, 1200x1800), drawn from their text. */
export interface SocialCards {
  render(card: SocialCard): Promise<Buffer>;
  /** A book's cover, for its download. */
  renderCover(cover: BookCover): Promise<Buffer>;
}

export const SOCIAL_CARDS = Symbol('SOCIAL_CARDS');
