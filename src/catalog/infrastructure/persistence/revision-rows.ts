import type { EntityManager } from 'typeorm';
import type { NewRevision } from '../../application/ports/catalog.repository.port.js';
import type { Revision, RevisionSubject } from '../../domain/revision.js';

/**
 * The `revisions` table in plain SQL: it has no entity, since nothing but these few statements
 * reads or writes it and its snapshots are JSON the domain defines.
 */
interface RevisionRow {
  subject: RevisionSubject;
  subject_id: number;
  publication_id: number;
  revision: number;
  action: Revision['action'];
  snapshot: Revision['snapshot'];
  user_id: number | null;
  username: string | null;
  overwrote: number | null;
  created_at: Date | string;
}

const COLUMNS = 'subject, subject_id, publication_id, revision, action, snapshot, user_id, username, overwrote, created_at';

function toRevision(row: RevisionRow): Revision {
  return {
    subject: row.subject,
    subjectId: Number(row.subject_id),
    publicationId: Number(row.publication_id),
    revision: Number(row.revision),
    action: row.action,
    snapshot: row.snapshot,
    userId: row.user_id === null ? null : Number(row.user_id),
    username: row.username,
    overwrote: row.overwrote === null ? null : Number(row.overwrote),
    createdAt: new Date(row.created_at),
  };
}

export async function listRevisions(m: EntityManager, subject: RevisionSubject, subjectId: number): Promise<Revision[]> {
  const rows: RevisionRow[] = await m.query(`SELECT ${COLUMNS} FROM revisions WHERE subject = $1 AND subject_id = $2 ORDER BY revision`, [
    subject,
    subjectId,
  ]);
  return rows.map(toRevision);
}

export async function findRevision(
  m: EntityManager,
  subject: RevisionSubject,
  subjectId: number,
  revision: number,
): Promise<Revision | null> {
  const rows: RevisionRow[] = await m.query(`SELECT ${COLUMNS} FROM revisions WHERE subject = $1 AND subject_id = $2 AND revision = $3`, [
    subject,
    subjectId,
    revision,
  ]);
  return rows[0] ? toRevision(rows[0]) : null;
}

export async function deletedPoems(m: EntityManager, publicationId: number): Promise<Revision[]> {
  const rows: RevisionRow[] = await m.query(
    `SELECT * FROM (
       SELECT DISTINCT ON (r.subject_id) ${COLUMNS.split(', ')
         .map((c) => `r.${c}`)
         .join(', ')}
       FROM revisions r
       WHERE r.subject = 'poem' AND r.publication_id = $1 AND NOT EXISTS (SELECT 1 FROM poems p WHERE p.id = r.subject_id)
       ORDER BY r.subject_id, r.revision DESC
     ) latest ORDER BY created_at DESC, subject_id DESC`,
    [publicationId],
  );
  return rows.map(toRevision);
}

export async function insertRevision(m: EntityManager, r: NewRevision): Promise<void> {
  await m.query(`INSERT INTO revisions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, now()))`, [
    r.subject,
    r.subjectId,
    r.publicationId,
    r.revision,
    r.action,
    JSON.stringify(r.snapshot),
    r.userId,
    r.username,
    r.overwrote,
    r.createdAt?.toISOString() ?? null,
  ]);
}
