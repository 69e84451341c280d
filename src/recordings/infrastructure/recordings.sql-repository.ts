import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { NewRecording, OnWrite, RecordingsRepository } from '../application/ports/recordings.repository.port.js';
import type { Recording, RecordingDetails } from '../domain/recording.js';

interface Row {
  id: number;
  poem_id: number;
  storage_key: string;
  mime_type: string;
  byte_size: string | number;
  sha256: string;
  duration_seconds: string | number;
  reader: string | null;
  recorded: string;
  source: string;
  notes: string;
  position: number;
  line_marks: number[] | string;
  created_at: Date | string;
}

const COLUMNS = `id, poem_id, storage_key, mime_type, byte_size, sha256, duration_seconds, reader, recorded, source, notes, position, line_marks, created_at`;

function recordingOf(row: Row): Recording {
  return {
    id: Number(row.id),
    poemId: Number(row.poem_id),
    storageKey: row.storage_key,
    mimeType: row.mime_type,
    byteSize: Number(row.byte_size),
    sha256: row.sha256,
    durationSeconds: Number(row.duration_seconds),
    reader: row.reader,
    recorded: row.recorded,
    source: row.source,
    notes: row.notes,
    position: Number(row.position),
    lineMarks: typeof row.line_marks === 'string' ? (JSON.parse(row.line_marks) as number[]) : row.line_marks,
    createdAt: new Date(row.created_at),
  };
}

/** TypeORM answers an UPDATE or DELETE … RETURNING as [rows, count], an INSERT as rows. */
function rowsOf(result: unknown): Row[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Row[];
}

/** The recordings table, in plain SQL (PostgreSQL and PGlite alike). */
@Injectable()
export class RecordingsSqlRepository implements RecordingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ofPoem(poemId: number): Promise<Recording[]> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM recordings WHERE poem_id = $1 ORDER BY position, id`, [poemId])) as Row[];
    return rows.map(recordingOf);
  }

  async ofPoems(poemIds: readonly number[]): Promise<Recording[]> {
    if (poemIds.length === 0) return [];
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM recordings WHERE poem_id = ANY($1::int[]) ORDER BY poem_id, position, id`, [
      poemIds,
    ])) as Row[];
    return rows.map(recordingOf);
  }

  async get(id: number): Promise<Recording | undefined> {
    const rows = (await this.db.query(`SELECT ${COLUMNS} FROM recordings WHERE id = $1`, [id])) as Row[];
    return rows[0] ? recordingOf(rows[0]) : undefined;
  }

  async add(r: NewRecording, onWrite: OnWrite): Promise<Recording> {
    return this.db.transaction(async (m) => {
      // One adder at a time per poem, so two uploads never take the same place.
      await m.query(`SELECT id FROM poems WHERE id = $1 FOR UPDATE`, [r.poemId]);
      const rows = rowsOf(
        await m.query(
          `INSERT INTO recordings (poem_id, storage_key, mime_type, byte_size, sha256, duration_seconds, reader, recorded, source, notes, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT COALESCE(MAX(position), 0) + 1 FROM recordings WHERE poem_id = $1))
           RETURNING ${COLUMNS}`,
          [r.poemId, r.storageKey, r.mimeType, r.byteSize, r.sha256, r.durationSeconds, r.reader, r.recorded, r.source, r.notes],
        ),
      );
      await onWrite(m);
      return recordingOf(rows[0]);
    });
  }

  async update(id: number, d: RecordingDetails, lineMarks: number[], onWrite: OnWrite): Promise<Recording> {
    return this.db.transaction(async (m) => {
      const rows = rowsOf(
        await m.query(
          `UPDATE recordings SET reader = $2, recorded = $3, source = $4, notes = $5, line_marks = $6::jsonb, updated_at = now()
           WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, d.reader, d.recorded, d.source, d.notes, JSON.stringify(lineMarks)],
        ),
      );
      await onWrite(m);
      return recordingOf(rows[0]);
    });
  }

  async remove(id: number, onWrite: OnWrite): Promise<Recording | undefined> {
    return this.db.transaction(async (m) => {
      const rows = rowsOf(await m.query(`DELETE FROM recordings WHERE id = $1 RETURNING ${COLUMNS}`, [id]));
      if (!rows[0]) return undefined;
      await m.query(`UPDATE recordings SET position = position - 1 WHERE poem_id = $1 AND position > $2`, [
        rows[0].poem_id,
        rows[0].position,
      ]);
      await onWrite(m);
      return recordingOf(rows[0]);
    });
  }

  async reorder(poemId: number, ids: number[], onWrite: OnWrite): Promise<void> {
    await this.db.transaction(async (m) => {
      for (const [index, id] of ids.entries()) {
        await m.query(`UPDATE recordings SET position = $3, updated_at = now() WHERE id = $1 AND poem_id = $2`, [id, poemId, index + 1]);
      }
      await onWrite(m);
    });
  }
}
