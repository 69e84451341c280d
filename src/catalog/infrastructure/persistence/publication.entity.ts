import { EntitySchema } from 'typeorm';
import type { PublicationStatus } from '../../domain/publication.js';

/**
 * A row of `publications`. The schema itself is the migrations' (src/database/migrations, never
 * synchronized); this mapping mirrors them column for column, constraint names included, so
 * TypeORM's schema diff against a migrated database is empty (checked in catalog-entities e2e).
 */
export interface PublicationRow {
  id: number;
  slug: string;
  title: string;
  status: PublicationStatus;
  authors: string[];
  publisher: string;
  publicationDate: string;
  isbn: string;
  notes: string;
  language: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  publishedAt: Date | null;
  /** Number of its latest version in the history; 0 before its first recorded save. */
  revision: number;
}

export const PublicationEntity = new EntitySchema<PublicationRow>({
  name: 'Publication',
  tableName: 'publications',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment', primaryKeyConstraintName: 'publications_pkey' },
    slug: { type: 'text' },
    title: { type: 'text' },
    status: { type: 'text', default: 'draft' },
    authors: { type: 'jsonb', default: [] },
    publisher: { type: 'text', default: '' },
    publicationDate: { name: 'publication_date', type: 'text', default: '' },
    isbn: { type: 'text', default: '' },
    notes: { type: 'text', default: '' },
    language: { type: 'text', default: 'en' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    updatedAt: { name: 'updated_at', type: 'timestamptz', default: () => 'now()' },
    deletedAt: { name: 'deleted_at', type: 'timestamptz', nullable: true },
    publishedAt: { name: 'published_at', type: 'timestamptz', nullable: true },
    revision: { type: 'int', default: 0 },
  },
  uniques: [{ name: 'publications_slug_key', columns: ['slug'] }],
  checks: [{ name: 'publications_status_check', expression: `status IN ('draft', 'published')` }],
  indices: [{ name: 'publications_visible_idx', columns: ['status', 'deletedAt', 'createdAt'] }],
});
