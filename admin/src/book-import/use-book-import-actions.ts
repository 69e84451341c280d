import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type Dispatch } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { BookImport } from '../../../contracts/book-import.js';
import type { Publication } from '../../../contracts/catalog.js';
import { ApiError, serverText } from '../../../contracts/errors.js';
import { initCsrfToken } from '../providers/csrf.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { detailPath } from '../publications/publication-card.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { kindOf } from '../uploads/file-rules.js';
import { unsent, type BookFile } from './book-files.js';
import { importToFill, type BookImportEvent, type BookImportState } from './book-import.machine.js';
import { bookImportKey } from './use-book-import.js';

let counter = 0;

function toBookFile(file: File): BookFile {
  const kind = kindOf(file);
  return { id: `book-file-${++counter}`, file, kind, preview: kind === 'photo' ? URL.createObjectURL(file) : null, status: 'waiting' };
}

/** A file the server would not take for a reason of its own (not the session, the network or a fault of the server). */
const refusedByServer = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 403, 408, 429].includes(err.status);

const reasonOf = (err: unknown, fallback: string) => serverText(err) ?? (err instanceof Error && err.message ? err.message : fallback);

export type BookImportActions = ReturnType<typeof useBookImportActions>;

/**
 * Every server call of the whole-book import dialog, and what the curator is told about it: each
 * action sends its requests and dispatches the outcome to the dialog's reducer
 * (book-import.machine.ts). The thumbnails' object URLs are freed here too, with the files.
 */
export function useBookImportActions({
  publication,
  latest,
  state,
  dispatch,
}: {
  publication: Publication;
  /** The publication's latest import, as the server last said. */
  latest: BookImport | null | undefined;
  state: BookImportState;
  dispatch: Dispatch<BookImportEvent>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  const dp = useDataProvider<ArchiveDataProvider>();
  const abort = useRef<AbortController | null>(null);
  /** The sending under way, settled (it never throws) once it has stopped. */
  const sending = useRef<Promise<void>>(Promise.resolve());
  /** The import the files went to: known to a cancel even while the render that shows it is still to come. */
  const importId = useRef<number | null>(state.importId);

  // Thumbnails are object URLs: freed when the dialog closes (and when a file is removed).
  const files = useRef(state.files);
  files.current = state.files;
  useEffect(
    () => () => {
      abort.current?.abort();
      files.current.forEach((f) => f.preview && URL.revokeObjectURL(f.preview));
    },
    [],
  );

  /** Closes without asking: sending still under way is let go. */
  const closeNow = () => {
    // A closed dialog may leave an import waiting for its files: the publication says so.
    void queryClient.invalidateQueries({ queryKey: bookImportKey(publication.id) });
    navigate(detailPath(publication));
  };

  const addFiles = (chosen: File[]) => dispatch({ type: 'FILES_ADDED', files: chosen.map(toBookFile) });

  const removeFile = (id: string) => {
    const gone = state.files.find((f) => f.id === id);
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    dispatch({ type: 'FILE_REMOVED', id });
  };

  /** Sends the files not yet sent, in book order, then starts the import; a refused file stops the sending and says why. */
  const start = () => {
    if (!state.files.length) return notify('archive.book_import.need_files', { type: 'warning' });
    sending.current = send();
  };

  const send = async () => {
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'SEND_STARTED' });
    try {
      // As the wizard does before its first write: a token even where the cookie cannot be read.
      await initCsrfToken().catch(() => undefined);
      const id = importToFill(state, latest) ?? (await dp.createBookImport(publication.id)).id;
      importId.current = id;
      dispatch({ type: 'IMPORT_READY', importId: id });
      if (controller.signal.aborted) return;
      for (const { file, position } of unsent(state.files)) {
        dispatch({ type: 'FILE_SENDING', id: file.id });
        try {
          await dp.sendBookImportFile(id, file.file, position, controller.signal);
          dispatch({ type: 'FILE_SENT', id: file.id });
        } catch (err) {
          if (controller.signal.aborted) return;
          if (!refusedByServer(err)) throw err;
          dispatch({ type: 'FILE_REFUSED', id: file.id, error: reasonOf(err, translate('archive.errors.try_again')) });
          return;
        }
      }
      dispatch({ type: 'START_REQUESTED' });
      const run = await dp.startBookImport(id);
      queryClient.setQueryData(bookImportKey(publication.id), run);
      dispatch({ type: 'STARTED' });
    } catch (err) {
      if (controller.signal.aborted) return;
      notify('archive.book_import.failed_to_start', {
        type: 'error',
        messageArgs: { message: reasonOf(err, translate('archive.errors.try_again')) },
      });
      dispatch({ type: 'SEND_FAILED' });
    }
  };

  /**
   * Cancels the import this dialog sent files to, then closes: the sending is stopped, and the
   * import and every file it holds are removed, so nothing of it stays on the publication.
   */
  const cancel = async () => {
    dispatch({ type: 'CANCEL_STARTED' });
    abort.current?.abort();
    await sending.current;
    const id = importId.current;
    try {
      if (id !== null) await dp.cancelBookImport(id);
    } catch (err) {
      notify('archive.book_import.cancel_failed', {
        type: 'error',
        messageArgs: { message: reasonOf(err, translate('archive.errors.try_again')) },
      });
      dispatch({ type: 'CANCEL_FAILED' });
      return;
    }
    notify('archive.book_import.cancelled', { type: 'success' });
    // The publication's import and its notices about page photos are asked again.
    void refresh();
    navigate(detailPath(publication));
  };

  return { closeNow, addFiles, removeFile, start, cancel };
}
