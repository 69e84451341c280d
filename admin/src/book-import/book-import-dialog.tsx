import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MAX_BOOK_IMPORT_PAGES } from '../../../contracts/book-import.js';
import type { Publication } from '../../../contracts/catalog.js';
import { ApiError, serverText } from '../../../contracts/errors.js';
import { THEME } from '../constants.js';
import { initCsrfToken } from '../providers/csrf.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { detailPath } from '../publications/publication-card.js';
import { FileDropZone } from '../uploads/file-drop-zone.js';
import { BOOK_FILE_RULES, kindOf } from '../uploads/file-rules.js';
import { BookFileList } from './book-file-list.js';
import { bookFilesReducer, unsent, type BookFile } from './book-files.js';
import { scrollToPoems } from './book-import-panel.js';
import { BookImportStatus } from './book-import-status.js';
import { bookImportKey, isRunning, useBookImport } from './use-book-import.js';

let counter = 0;

function toBookFile(file: File): BookFile {
  const kind = kindOf(file);
  return { id: `book-file-${++counter}`, file, kind, preview: kind === 'photo' ? URL.createObjectURL(file) : null, status: 'waiting' };
}

/** A file the server would not take for a reason of its own (not the session, the network or a fault of the server). */
const refusedFile = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 403, 408, 429].includes(err.status);

const reasonOf = (err: unknown, fallback: string) => serverText(err) ?? (err instanceof Error && err.message ? err.message : fallback);

type Phase = 'choosing' | 'sending' | 'starting' | 'started';

/**
 * "Import a whole book" (issue 22): any number of page photos and PDFs, ordered by name as people
 * number them, reordered or removed, then sent one per request in order and read by the server as
 * one import; the dialog then shows its progress, as the publication does once it is closed.
 */
export function BookImportDialog({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dp = useDataProvider<ArchiveDataProvider>();
  const { data: latest } = useBookImport(publication.id);
  const [files, dispatch] = useReducer(bookFilesReducer, []);
  const [phase, setPhase] = useState<Phase>('choosing');
  const [sending, setSending] = useState<{ n: number; total: number } | null>(null);
  const importId = useRef<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Thumbnails are object URLs: freed when the dialog closes (and when a file is removed).
  const current = useRef(files);
  current.current = files;
  useEffect(
    () => () => {
      abort.current?.abort();
      current.current.forEach((f) => f.preview && URL.revokeObjectURL(f.preview));
    },
    [],
  );

  const [asking, setAsking] = useState(false);
  const close = () => {
    // A closed dialog may leave an import waiting for its files: the publication says so.
    void queryClient.invalidateQueries({ queryKey: bookImportKey(publication.id) });
    navigate(detailPath(publication));
  };
  const busy = phase === 'sending' || phase === 'starting';
  // An import the server is reading is shown, not started again.
  const showStatus = phase === 'started' || (phase === 'choosing' && isRunning(latest?.state));
  const refused = files.find((f) => f.status === 'refused');

  const remove = (id: string) => {
    const gone = files.find((f) => f.id === id);
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    dispatch({ type: 'REMOVED', id });
  };

  const start = async () => {
    if (!files.length) return notify('archive.book_import.need_files', { type: 'warning' });
    const controller = new AbortController();
    abort.current = controller;
    setPhase('sending');
    try {
      // As the wizard does before its first write: a token even where the cookie cannot be read.
      await initCsrfToken().catch(() => undefined);
      // Files a closed tab left unsent go into the same import: each position sent again replaces its file.
      importId.current ??= latest?.state === 'receiving' ? latest.id : (await dp.createBookImport(publication.id)).id;
      for (const { file, position } of unsent(files)) {
        setSending({ n: position + 1, total: files.length });
        try {
          await dp.sendBookImportFile(importId.current, file.file, position, controller.signal);
          dispatch({ type: 'SENT', id: file.id });
        } catch (err) {
          if (controller.signal.aborted) return;
          if (!refusedFile(err)) throw err;
          dispatch({ type: 'REFUSED', id: file.id, error: reasonOf(err, translate('archive.errors.try_again')) });
          setPhase('choosing');
          return;
        }
      }
      setPhase('starting');
      const run = await dp.startBookImport(importId.current);
      queryClient.setQueryData(bookImportKey(publication.id), run);
      setPhase('started');
    } catch (err) {
      if (controller.signal.aborted) return;
      notify('archive.book_import.failed_to_start', {
        type: 'error',
        messageArgs: { message: reasonOf(err, translate('archive.errors.try_again')) },
      });
      setPhase('choosing');
    } finally {
      setSending(null);
    }
  };

  const anySent = files.some((f) => f.status === 'sent');
  // Chosen files not yet sent would be lost: ask first, as the wizard does.
  const requestClose = () => (!showStatus && files.some((f) => f.status !== 'sent') ? setAsking(true) : close());
  const buttons = showStatus ? (
    <Button variant="contained" onClick={close}>
      {translate('archive.book_import.close')}
    </Button>
  ) : (
    <>
      <Button onClick={requestClose}>{translate('archive.book_import.cancel')}</Button>
      <Button variant="contained" onClick={() => void start()} loading={busy} disabled={busy || !files.length || !!refused}>
        {translate(anySent ? 'archive.book_import.continue' : 'archive.book_import.start')}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onClose={(_e, reason) => {
        if (reason === 'backdropClick' && busy) return;
        requestClose();
      }}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: THEME.wizardMaxWidth, width: '100%' } } }}
      aria-labelledby="book-import-title"
    >
      <DialogTitle id="book-import-title">{translate('archive.book_import.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography component="h3" variant="h6">
            <bdi>{publication.title}</bdi>
          </Typography>
          {showStatus && latest ? (
            <BookImportStatus
              run={latest}
              onSeePoems={() => {
                close();
                requestAnimationFrame(scrollToPoems);
              }}
            />
          ) : (
            <>
              <FileDropZone
                rules={BOOK_FILE_RULES}
                held={files.length}
                // Each file is at least a page: past the import's limit the rest are left out, and it says so.
                onFiles={(added) => dispatch({ type: 'ADDED', files: added.map(toBookFile) })}
                label={translate('archive.book_import.drop')}
                counter={translate('archive.book_import.count', { smart_count: files.length })}
                counterTestId="book-file-count"
                tooManyMessage={translate('archive.book_import.too_many', { max: MAX_BOOK_IMPORT_PAGES.toLocaleString('en-US') })}
                disabled={busy}
                testId="book-drop-zone"
              />
              {refused ? (
                <Alert severity="error" role="alert">
                  {translate('archive.book_import.refused', { name: refused.file.name, message: refused.error ?? '' })}{' '}
                  {translate('archive.book_import.refused_help')}
                </Alert>
              ) : null}
              {files.length ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('archive.book_import.order_help')}
                </Typography>
              ) : null}
              <BookFileList files={files} disabled={busy} onMove={(from, to) => dispatch({ type: 'MOVED', from, to })} onRemove={remove} />
              {busy ? (
                <Stack spacing={1} role="status" aria-live="polite">
                  <LinearProgress
                    variant={sending ? 'determinate' : 'indeterminate'}
                    value={sending ? Math.round(((sending.n - 1) / sending.total) * 100) : 0}
                    aria-label={translate('archive.book_import.progress_label')}
                  />
                  <Typography data-testid="book-import-sending">
                    {sending ? translate('archive.book_import.sending', sending) : translate('archive.book_import.starting')}
                  </Typography>
                </Stack>
              ) : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>{buttons}</DialogActions>
      <Confirm
        isOpen={asking}
        title="archive.confirm.close_title"
        content={anySent ? 'archive.book_import.close_confirm' : 'archive.confirm.close_wizard'}
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </Dialog>
  );
}
