/**
 * What the admin's drop zones take: the file types (with the endings a picker offers), how many,
 * the files a system leaves beside photos (skipped without a word), and what is said about the
 * rest. Pure, so the rules are tested without a browser; the drop zone (file-drop-zone.tsx)
 * applies them.
 */
import { ErrorCode } from 'react-dropzone';
import { BOOK_IMPORT_PDF_TYPE, MAX_BOOK_IMPORT_PAGES } from '../../../contracts/book-import.js';
import { MAX_IMAGES_PER_UPLOAD, PAGE_PHOTO_TYPES } from '../../../contracts/scanning.js';
import { FILE_DROP_MIN_BYTES } from '../constants.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FileRules {
  /** react-dropzone's accept: MIME type → endings (a HEIC photo often comes with no MIME type: its ending counts). */
  accept: Record<string, string[]>;
  /** The accepted types as the rejection message names them. */
  acceptText: string;
  /** Files one drop zone holds. */
  max: number;
  minSize: number;
}

const rulesFor = (types: Record<string, readonly string[]>, max: number): FileRules => {
  const accept = Object.fromEntries(Object.entries(types).map(([type, endings]) => [type, [...endings]]));
  return { accept, acceptText: Object.keys(accept).join(', '), max, minSize: FILE_DROP_MIN_BYTES };
};

/** The wizard's photos (cover and title pages, or the pages of one scan): the photo types the server takes, 10 at a time. */
export const PAGE_PHOTO_RULES = rulesFor(PAGE_PHOTO_TYPES, MAX_IMAGES_PER_UPLOAD);
/** A whole-book import: photos and PDFs, each at least a page, up to the import's pages. */
export const BOOK_FILE_RULES = rulesFor({ ...PAGE_PHOTO_TYPES, ...BOOK_IMPORT_PDF_TYPE }, MAX_BOOK_IMPORT_PAGES);

/** Files a computer leaves in a folder of photos (Finder's, Explorer's): skipped, never reported. */
const JUNK = new Set(['.ds_store', 'thumbs.db']);

export function isJunkFile(name: string): boolean {
  return JUNK.has(name.toLowerCase());
}

export type FileKind = 'photo' | 'heic' | 'pdf';

const PDF_ENDINGS: readonly string[] = BOOK_IMPORT_PDF_TYPE['application/pdf'];

/** A PDF, a HEIC photo (browsers cannot show one) or another photo, by type or, lacking one, by ending. */
export function kindOf(file: { name: string; type: string }): FileKind {
  const name = file.name.toLowerCase();
  if (file.type === 'application/pdf' || PDF_ENDINGS.some((e) => name.endsWith(e))) return 'pdf';
  if (/^image\/hei[cf]$/.test(file.type) || name.endsWith('.heic') || name.endsWith('.heif')) return 'heic';
  return 'photo';
}

/** A file the picker refused, as react-dropzone reports it. */
export interface Refusal {
  file: { name: string };
  errors: ReadonlyArray<{ code: string; message: string }>;
}

/** react-dropzone's own rejection texts, as SPEC section 5 quotes them. */
export function refusalText(refusal: Refusal, rules: FileRules, t: Translate): string {
  const e = refusal.errors[0];
  switch (e?.code) {
    case ErrorCode.FileInvalidType:
      return `${refusal.file.name}: ${t('archive.validation.file_type', { accept: rules.acceptText })}`;
    case ErrorCode.FileTooSmall:
      return `${refusal.file.name}: ${t('archive.validation.too_small', { n: rules.minSize })}`;
    case ErrorCode.TooManyFiles:
      return t('archive.validation.too_many');
    default:
      return `${refusal.file.name}: ${e?.message ?? t('archive.validation.rejected')}`;
  }
}

/**
 * One drop, sorted: the files taken (junk left out, and beyond the zone's room the rest), and what
 * to say: `tooMany` first when files were left out, then each refused file's reason.
 */
export function sortDrop<F extends { name: string }>(
  drop: { accepted: readonly F[]; refused: readonly Refusal[]; held: number },
  rules: FileRules,
  t: Translate,
  tooMany: string,
): { taken: F[]; messages: string[] } {
  const messages = drop.refused.filter((r) => !isJunkFile(r.file.name)).map((r) => refusalText(r, rules, t));
  const wanted = drop.accepted.filter((f) => !isJunkFile(f.name));
  const room = Math.max(rules.max - drop.held, 0);
  if (wanted.length > room) messages.unshift(tooMany);
  return { taken: wanted.slice(0, room), messages };
}
