import { createHash } from 'node:crypto';
import type { CatalogReadApi, Publication } from '../../catalog/index.js';
import { ImageIntakeError } from '../domain/image-intake.error.js';
import { ScanError } from '../domain/scan.errors.js';

/** What the batch scan and the whole-book import share when they take page photos in. */

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Where a page photo is kept: under its publication and the scan (or import) that brought it. */
export const pagePhotoKey = (publicationId: number, jobId: string, pageIndex: number, mimeType: string) =>
  `publications/${publicationId}/${jobId}/page-${pageIndex}.${EXT[mimeType]}`;

/**
 * Where a book import's PDF is kept until its pages are drawn: beside its pages, named by the first
 * page index of its file (a file sent again takes the other slot) and by its checksum, so one key
 * always names the same bytes.
 */
export const bookPdfKey = (publicationId: number, jobId: string, firstPageIndex: number, pdf: Buffer) =>
  `publications/${publicationId}/${jobId}/file-${firstPageIndex}-${sha256(pdf).slice(0, 16)}.pdf`;

/** Image intake failures as HTTP-ready scan errors (415 for a type we do not take, 400 otherwise). */
export function intakeFailure(err: unknown): unknown {
  if (err instanceof ImageIntakeError) return new ScanError(err.code, err.message);
  return err;
}

/** The intake's work, its refusals answered as scan errors. */
export const inIntakeTerms = <T>(work: Promise<T>): Promise<T> => work.catch((err: unknown) => Promise.reject(intakeFailure(err)));

/** A publication pages may be added to: 409 for one in the trash (restoring it resolves the conflict), not 404, as the admin can see it there. */
export async function writablePublication(queries: CatalogReadApi, ref: string): Promise<Publication> {
  const publication = await queries.getPublication(ref, { staff: true });
  if (publication.deletedAt) throw ScanError.publicationInTrash();
  return publication;
}
