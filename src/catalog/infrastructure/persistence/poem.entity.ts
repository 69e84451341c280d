import { EntitySchema } from 'typeorm';
import type { PoemStatus } from '../../domain/proofreading.js';
import type { PoemReading } from '../../domain/poem-reading.js';
import { PublicationEntity } from './publication.entity.js';

/** A row of `poems`; mirrors the migrations like PublicationEntity does. */
export interface PoemRow {
  id: number;
  publicationId: number;
  slug: string;
  title: string;
  body: string;
  notes: string;
  lineCount: number;
  wordCount: number;
  pageNumbers: number[];
  position: number;
  /** Its own language (BCP 47); null: its book's. */
  language: string | null;
  /** Scanned poems only: the scan job and index that added it, so a rerun never adds it twice. */
  sourceKey: string | null;
  /** Number of its latest version in the history; 0 before its first recorded save. */
  revision: number;
  status: PoemStatus;
  /** The curator who proofread it, by id and by name (kept when the account goes). */
  proofreadBy: number | null;
  proofreadByName: string | null;
  proofreadAt: Date | null;
  /** What the scan read of each line, for proofreading (never selected unless asked for). */
  reading?: PoemReading | null;
  createdAt: Date;
  updatedAt: Date;
}

export const PoemEntity = new EntitySchema<PoemRow>({
  name: 'Poem',
  tableName: 'poems',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment', primaryKeyConstraintName: 'poems_pkey' },
    publicationId: {
      name: 'publication_id',
      type: 'int',
      foreignKey: { target: PublicationEntity, onDelete: 'CASCADE', name: 'poems_publication_id_fkey' },
    },
    slug: { type: 'text' },
    title: { type: 'text' },
    body: { type: 'text', default: '' },
    notes: { type: 'text', default: '' },
    lineCount: { name: 'line_count', type: 'int', default: 0 },
    wordCount: { name: 'word_count', type: 'int', default: 0 },
    pageNumbers: { name: 'page_numbers', type: 'jsonb', default: [] },
    position: { type: 'int' },
    language: { type: 'text', nullable: true },
    sourceKey: { name: 'source_key', type: 'text', nullable: true },
    revision: { type: 'int', default: 0 },
    status: { name: 'proofreading_status', type: 'text', default: 'as_scanned' },
    proofreadBy: { name: 'proofread_by', type: 'int', nullable: true },
    proofreadByName: { name: 'proofread_by_name', type: 'text', nullable: true },
    proofreadAt: { name: 'proofread_at', type: 'timestamptz', nullable: true },
    reading: { type: 'jsonb', nullable: true, select: false },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    updatedAt: { name: 'updated_at', type: 'timestamptz', default: () => 'now()' },
  },
  uniques: [
    { name: 'poems_slug_key', columns: ['slug'] },
    { name: 'poems_source_key_key', columns: ['sourceKey'] },
  ],
  indices: [{ name: 'poems_order_idx', columns: ['publicationId', 'position', 'id'] }],
  checks: [{ name: 'poems_proofreading_status_check', expression: `proofreading_status IN ('as_scanned', 'proofread', 'checked')` }],
});
