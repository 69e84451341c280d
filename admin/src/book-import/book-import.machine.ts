/**
 * The whole-book import dialog as a pure reducer, as the creation wizard is one
 * (wizard.machine.ts): the files are chosen, ordered and removed (book-files.ts), then sent one
 * by one, and the import started; every transition is an event, so the dialog renders state and
 * its hook (use-book-import-actions.ts) makes the server calls around dispatches.
 */
import type { BookImport } from '../../../contracts/book-import.js';
import { bookFilesReducer, type BookFile } from './book-files.js';

/**
 * choosing: files are chosen and ordered; sending: each is sent in turn; starting: the import is
 * asked to start; started: the server reads it; cancelling: the import and its files sent are being removed.
 */
export type BookImportPhase = 'choosing' | 'sending' | 'starting' | 'started' | 'cancelling';

export interface BookImportState {
  phase: BookImportPhase;
  files: BookFile[];
  /** The import the files go to, once created or taken up (its files were not all sent before). */
  importId: number | null;
  /** The file being sent: its place in the book (1-based) of all. */
  sending: { n: number; total: number } | null;
}

export type BookImportEvent =
  | { type: 'FILES_ADDED'; files: BookFile[] }
  | { type: 'FILE_REMOVED'; id: string }
  | { type: 'FILE_MOVED'; from: string; to: string }
  | { type: 'SEND_STARTED' }
  | { type: 'IMPORT_READY'; importId: number }
  | { type: 'FILE_SENDING'; id: string }
  | { type: 'FILE_SENT'; id: string }
  | { type: 'FILE_REFUSED'; id: string; error: string }
  | { type: 'START_REQUESTED' }
  | { type: 'STARTED' }
  | { type: 'SEND_FAILED' }
  | { type: 'CANCEL_STARTED' }
  | { type: 'CANCEL_FAILED' };

export const initialBookImportState = (): BookImportState => ({ phase: 'choosing', files: [], importId: null, sending: null });

/** Files are on their way or the import is being cancelled: the files cannot be changed. */
export const isBusy = (state: BookImportState) => state.phase === 'sending' || state.phase === 'starting' || state.phase === 'cancelling';

export const isSending = (state: BookImportState) => state.phase === 'sending' || state.phase === 'starting';

/** Closing is held back while the import is asked to start (it would be cancelled as it starts) and while it is cancelled. */
export const canClose = (state: BookImportState) => state.phase !== 'starting' && state.phase !== 'cancelling';

/** The file the server refused: it is removed (or the dialog closed) before the rest is sent. */
export const refusedFile = (state: BookImportState) => state.files.find((f) => f.status === 'refused');

export const anySent = (state: BookImportState) => state.files.some((f) => f.status === 'sent');

/**
 * Whether the dialog shows the import's progress rather than its files: once started here, or when
 * the server is already reading this publication's import (it is shown, not started again).
 */
export const showsStatus = (state: BookImportState, latest: BookImport | null | undefined) =>
  state.phase === 'started' || (state.phase === 'choosing' && (latest?.state === 'reading' || latest?.state === 'assembling'));

/** Where the files go: this dialog's import, or one whose files a closed tab left unsent (each place sent again replaces its file). */
export const importToFill = (state: BookImportState, latest: BookImport | null | undefined): number | null =>
  state.importId ?? (latest?.state === 'receiving' ? latest.id : null);

/** Start stays offered with no file chosen (it then says to choose one), as the wizard's Scan Poems does. */
export const canStart = (state: BookImportState) => !isBusy(state) && !refusedFile(state);

/**
 * What closing asks first (a translation key), or null when nothing chosen would be lost. Once
 * this dialog has sent files to an import, closing cancels it: the import and the files sent go,
 * so an import given up (after a refused file, say) leaves nothing on the publication.
 */
export function closeConfirmation(state: BookImportState): { key: string; cancelsImport: boolean } | null {
  if (state.phase === 'started') return null;
  if (state.importId !== null) return { key: 'archive.book_import.cancel_confirm', cancelsImport: true };
  return state.files.length ? { key: 'archive.confirm.close_wizard', cancelsImport: false } : null;
}

export function bookImportReducer(state: BookImportState, event: BookImportEvent): BookImportState {
  switch (event.type) {
    // The files are edited only while chosen: once sending, the list is what is being sent.
    case 'FILES_ADDED':
      return isBusy(state) ? state : { ...state, files: bookFilesReducer(state.files, { type: 'ADDED', files: event.files }) };
    case 'FILE_REMOVED':
      return isBusy(state) ? state : { ...state, files: bookFilesReducer(state.files, { type: 'REMOVED', id: event.id }) };
    case 'FILE_MOVED':
      return isBusy(state) ? state : { ...state, files: bookFilesReducer(state.files, { type: 'MOVED', from: event.from, to: event.to }) };
    case 'SEND_STARTED':
      return state.phase === 'choosing' && state.files.length ? { ...state, phase: 'sending', sending: null } : state;
    case 'IMPORT_READY':
      return { ...state, importId: event.importId };
    case 'FILE_SENDING': {
      const place = state.files.findIndex((f) => f.id === event.id);
      return place < 0 ? state : { ...state, sending: { n: place + 1, total: state.files.length } };
    }
    case 'FILE_SENT':
      return { ...state, files: bookFilesReducer(state.files, { type: 'SENT', id: event.id }) };
    case 'FILE_REFUSED':
      return {
        ...state,
        phase: 'choosing',
        sending: null,
        files: bookFilesReducer(state.files, { type: 'REFUSED', id: event.id, error: event.error }),
      };
    case 'START_REQUESTED':
      return { ...state, phase: 'starting', sending: null };
    case 'STARTED':
      return { ...state, phase: 'started', sending: null };
    case 'SEND_FAILED':
      return { ...state, phase: 'choosing', sending: null };
    case 'CANCEL_STARTED':
      return state.phase === 'started' ? state : { ...state, phase: 'cancelling', sending: null };
    // The import was not cancelled (the server could not be reached): its files stay as they were.
    case 'CANCEL_FAILED':
      return state.phase === 'cancelling' ? { ...state, phase: 'choosing' } : state;
  }
}
