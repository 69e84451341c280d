import { describe, expect, it } from 'vitest';
import type { Publication } from '../../../contracts/catalog.js';
import { cardDate, detailPath, publicPath } from './publication-card.js';

const publication = (extra: Partial<Publication>) =>
  ({ id: 7, slug: 'winter-orchard', status: 'draft', created_at: '2024-03-05T10:00:00Z', deleted_at: null, ...extra }) as Publication;

describe("a card's date", () => {
  it('says every active book was archived on its creation date, a book in the trash deleted', () => {
    expect(cardDate(publication({}))).toEqual({ key: 'archive.dashboard.archived', date: 'Mar 5, 2024' });
    expect(cardDate(publication({ status: 'published' }))).toEqual({ key: 'archive.dashboard.archived', date: 'Mar 5, 2024' });
    expect(cardDate(publication({ status: 'published', deleted_at: '2024-04-01T12:00:00Z' }))).toEqual({
      key: 'archive.dashboard.deleted',
      date: 'Apr 1, 2024',
    });
  });
});

describe('links of a publication', () => {
  it('use the slug, else the id', () => {
    expect(detailPath(publication({}))).toBe('/admin/publication/winter-orchard');
    expect(publicPath(publication({ slug: '' }))).toBe('/publication/7');
  });
});
