/**
 * The files chosen for a whole-book import, as a pure reducer: put in the order people number
 * them, reordered by dragging, removed, and marked as the server takes or refuses each one.
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { FileKind } from '../uploads/file-rules.js';

export interface BookFile {
  id: string;
  file: File;
  kind: FileKind;
  /** An object URL for a thumbnail; none for a PDF or a HEIC photo, which browsers cannot show. */
  preview: string | null;
  /** sent: the server holds it at its place, which then stays; refused: the server's reason is in `error`. */
  status: 'waiting' | 'sent' | 'refused';
  error?: string;
}

export type BookFilesEvent =
  | { type: 'ADDED'; files: BookFile[] }
  | { type: 'REMOVED'; id: string }
  | { type: 'MOVED'; from: string; to: string }
  | { type: 'SENT'; id: string }
  | { type: 'REFUSED'; id: string; error: string }
  | { type: 'CLEARED' };

/** File names as people number them: IMG_2 before IMG_10, case and accents aside. */
const naturalCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function naturalOrder<T extends { file: { name: string } }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => naturalCollator.compare(a.file.name, b.file.name));
}

/** Files chosen together are put in name order after the ones already there, which keep the order they were given. */
export function bookFilesReducer(files: BookFile[], event: BookFilesEvent): BookFile[] {
  switch (event.type) {
    case 'ADDED':
      return [...files, ...naturalOrder(event.files)];
    // A file the server holds keeps its place (the contract has no way to take it back), so only
    // the files not yet sent can be removed or moved, and only among themselves.
    case 'REMOVED': {
      const gone = files.find((f) => f.id === event.id);
      return gone && gone.status !== 'sent' ? files.filter((f) => f !== gone) : files;
    }
    case 'MOVED': {
      const from = files.findIndex((f) => f.id === event.from);
      const to = files.findIndex((f) => f.id === event.to);
      if (from < 0 || to < 0 || from === to || files[from].status === 'sent' || files[to].status === 'sent') return files;
      return arrayMove(files, from, to);
    }
    case 'SENT':
      return files.map((f) => (f.id === event.id ? { ...f, status: 'sent', error: undefined } : f));
    case 'REFUSED':
      return files.map((f) => (f.id === event.id ? { ...f, status: 'refused', error: event.error } : f));
    case 'CLEARED':
      return [];
  }
}

/** The files still to send, each with its place in the book (its index: the ones sent come first). */
export function unsent(files: readonly BookFile[]): Array<{ file: BookFile; position: number }> {
  return files.map((file, position) => ({ file, position })).filter(({ file }) => file.status !== 'sent');
}
