import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ProofreadingPlaces } from '../application/ports/proofreading-places.port.js';

/** The `proofreading_places` table in plain SQL: two statements, no entity needed. */
@Injectable()
export class SqlProofreadingPlaces implements ProofreadingPlaces {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async placeOf(curatorId: number, publicationId: number): Promise<number | null> {
    const rows: Array<{ poem_id: number }> = await this.db.query(
      'SELECT poem_id FROM proofreading_places WHERE user_id = $1 AND publication_id = $2',
      [curatorId, publicationId],
    );
    return rows[0] ? Number(rows[0].poem_id) : null;
  }

  async keep(curatorId: number, publicationId: number, poemId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO proofreading_places (user_id, publication_id, poem_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, publication_id) DO UPDATE SET poem_id = EXCLUDED.poem_id, updated_at = now()`,
      [curatorId, publicationId, poemId],
    );
  }
}
